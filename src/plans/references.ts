/**
 * Definition references: a process definition id, `KEY:VERSION` or `KEY:latest`, optionally within a
 * tenant. Resolved with GET /process-definition, never by parsing ids (an id is `key:version:uuid`
 * only until that would exceed 64 characters; then it is a bare uuid).
 */
import type { ProcessDefinition, ProcessDefinitionApi, ProcessDefinitionQuery } from '../engine/process-definitions.js';
import { UsageError } from '../exit-codes.js';
import { closest } from '../util/suggest.js';

export type DefinitionReference =
  { kind: 'id'; text: string; id: string } | { kind: 'version'; text: string; key: string; version: number } | { kind: 'latest'; text: string; key: string };

export interface ResolvedDefinition {
  /** What the user wrote, e.g. `invoice:latest`; the id when an id was given. */
  reference: string;
  id: string;
  key: string;
  version: number;
  tenantId: string | null;
  name: string | null;
}

const KEY_VERSION = /^(.+):(\d+|latest)$/;

/**
 * Where a reference comes from, for messages: a flag, or a function giving `file:line:column: field`
 * (working out a position can mean reading the file again, so only a message asks for it).
 */
export type Where = string | (() => string);

/** As Where, or a place worked out asynchronously (a plan's: it may load the yaml library, src/input/place-loader.ts). */
export type LaterWhere = Where | (() => Promise<string>);

function place(where: Where): string {
  return typeof where === 'string' ? where : where();
}

async function placeLater(where: LaterWhere): Promise<string> {
  return typeof where === 'string' ? where : where();
}

export function parseReference(text: string, where: Where = 'reference'): DefinitionReference {
  const trimmed = text.trim();
  if (trimmed === '') throw new UsageError(`${place(where)}: a process definition reference must not be empty`);
  const match = KEY_VERSION.exec(trimmed);
  // `invoice:2` and `invoice:latest` are references; `invoice:2:8f3c…` (two colons) is an id.
  if (match && !match[1]!.includes(':')) {
    const key = match[1]!;
    return match[2] === 'latest' ? { kind: 'latest', text: trimmed, key } : { kind: 'version', text: trimmed, key, version: Number(match[2]) };
  }
  return { kind: 'id', text: trimmed, id: trimmed };
}

function toResolved(reference: DefinitionReference, definition: ProcessDefinition): ResolvedDefinition {
  return {
    reference: reference.text,
    id: definition.id,
    key: definition.key,
    version: definition.version,
    tenantId: definition.tenantId ?? null,
    name: definition.name ?? null,
  };
}

/**
 * `pinnedId`: the definition id a plan holds next to the reference. When the reference matches one
 * definition per tenant and no tenant was given, the tenant of that id decides, so a plan generated
 * with --tenant validates without it; whether the reference still resolves to that id is the
 * caller's drift check.
 */
export async function resolveReference(
  definitions: ProcessDefinitionApi,
  reference: DefinitionReference,
  within: { tenant: string | undefined; where: LaterWhere; pinnedId?: string | undefined },
): Promise<ResolvedDefinition> {
  const { tenant, where, pinnedId } = within;
  const tenantFilter = tenant ? { tenantIdIn: [tenant] } : {};
  const query: ProcessDefinitionQuery =
    reference.kind === 'id'
      ? { processDefinitionId: reference.id }
      : reference.kind === 'version'
        ? { key: reference.key, version: reference.version, ...tenantFilter }
        : { key: reference.key, latestVersion: true, ...tenantFilter };
  // At most two rows: one is the answer; several (one per tenant) are all looked at below.
  const first = await definitions.find(query);
  if (first.length === 1) return toResolved(reference, first[0]!);
  const found = first.length > 1 ? await definitions.listAll(query) : first;
  if (found.length > 1 && tenant === undefined && pinnedId !== undefined) {
    const pinned = found.find((definition) => definition.id === pinnedId) ?? (await definitions.find({ processDefinitionId: pinnedId }))[0];
    const sameTenant = pinned ? found.filter((definition) => (definition.tenantId ?? null) === (pinned.tenantId ?? null)) : [];
    if (sameTenant.length === 1) return toResolved(reference, sameTenant[0]!);
  }
  const inTenant = tenant ? ` in tenant ${tenant}` : '';
  if (found.length > 1) {
    const tenants = found.map((definition) => definition.tenantId ?? '(none)').join(', ');
    throw new UsageError(
      `${await placeLater(where)} '${reference.text}' matches ${found.length} process definitions (tenants: ${tenants}); choose one with --tenant ID or give the definition id`,
    );
  }
  // READ on a process definition is granted per key: a key with visible versions is readable whole.
  const unreadable = definitions.asUser ? "or the user may not read it: the engine's queries leave out the definitions without READ permission" : undefined;
  if (reference.kind === 'id') {
    throw new UsageError(
      `${await placeLater(where)}: no process definition with id '${reference.id}'; use KEY:VERSION or KEY:latest to look it up by key`,
      unreadable,
    );
  }
  const versions = await definitions.listAll({ key: reference.key, ...tenantFilter });
  if (versions.length > 0) {
    const list = [...new Set(versions.map((definition) => definition.version))].sort((a, b) => a - b).join(', ');
    throw new UsageError(`${await placeLater(where)}: no process definition ${reference.text}${inTenant} (versions of ${reference.key}${inTenant}: ${list})`);
  }
  const { hint, keys } = await keysNear(definitions, reference.key);
  throw new UsageError(`${await placeLater(where)}: no process definition with key '${reference.key}'${inTenant} (${hint})`, keys > 0 ? unreadable : undefined);
}

/** For a key the engine has no definition of: the deployed keys it is near, or what is deployed. */
export async function keysNear(definitions: ProcessDefinitionApi, key: string): Promise<{ hint: string; keys: number }> {
  const latest = await definitions.listSome({ latestVersion: true, sortBy: 'key', sortOrder: 'asc' }, 1000);
  const keys = [...new Set(latest.map((definition) => definition.key))];
  const near = closest(key, keys);
  const hint =
    near.length > 0
      ? `did you mean ${near.join(', ')}?`
      : keys.length > 0
        ? `keys: ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ', …' : ''}`
        : definitions.asUser
          ? 'none is deployed, or the user may read none'
          : 'no process definitions are deployed';
  return { hint, keys: keys.length };
}

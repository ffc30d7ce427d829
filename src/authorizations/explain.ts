/**
 * `auth explain`: a subject's effective permissions on a resource by the engine's precedence rules
 * (./effective.ts) over what the engine holds (./subject-rows.ts), each authorization that counts in
 * the engine's order, and, when the credentials are the explained user's, the engine's own answer
 * (GET /authorization/check) next to it.
 */
import { authorizationTypeName, GLOBAL, RESOURCE_TYPES, type ResourceType } from '../catalogue/authorization.js';
import type { Authorization } from '../engine/authorizations.js';
import type { EngineClient } from '../engine/client.js';
import { EngineAuthenticationError, EngineError } from '../engine/errors.js';
import { explain, type Level, type Line, type Subject } from './effective.js';
import { groupIdsOf, subjectAuthorizations } from './subject-rows.js';

export interface ExplainRequest {
  /** Exactly one of user and group. */
  user?: string | undefined;
  group?: string | undefined;
  resourceType: ResourceType;
  resourceId?: string | undefined;
  /** The permissions asked about: one (--permission) or all of the type's. */
  permissions: readonly string[];
  /** Ask the engine too: the credentials are the explained user's. */
  crossCheck: boolean;
}

export interface ExplainedPermission {
  permission: string;
  granted: boolean;
  /** The authorization that decided; null when none matched. */
  decidedBy: string | null;
  /** Its place in `authorizations` (1-based); null when none matched. */
  row: number | null;
  level: Level | null;
  on: 'id' | '*' | null;
  effect: Line['effect'] | null;
  /** The engine's answer to GET /authorization/check, when asked. */
  engine?: boolean | undefined;
}

export interface ExplainedAuthorization {
  row: number;
  id: string;
  type: string;
  owner: string;
  level: Level;
  resourceId: string;
  permissions: string[];
  grants: string[];
  revokes: string[];
}

export interface ExplainReport {
  user: string | null;
  group: string | null;
  /** The groups whose authorizations count: the user's (as the caller may see them), or the group. */
  groups: string[];
  resourceType: string;
  resourceTypeCode: number;
  resourceId: string;
  /** Whether the engine runs its revoke lines for this subject (authorizationCheckRevokes auto). */
  revokeChecks: boolean;
  permissions: ExplainedPermission[];
  authorizations: ExplainedAuthorization[];
  /** Set when the engine was asked: null when it could not be (the reason), else the permissions it answers otherwise. */
  engineCheck: { asked: boolean; error: string | null; disagreements: string[] } | null;
}

function ownerOf(row: Authorization): string {
  if (row.type === GLOBAL) return 'everybody (*)';
  return row.userId !== null ? `user ${row.userId}` : `group ${row.groupId ?? '?'}`;
}

export async function explainAccess(client: EngineClient, request: ExplainRequest): Promise<ExplainReport> {
  const groups = request.user !== undefined ? await groupIdsOf(client, request.user) : [request.group!];
  const subject: Subject = { userId: request.user ?? null, groupIds: groups };
  const rows = await subjectAuthorizations(client, subject, [request.resourceType.code]);
  const explanation = explain(rows, subject, { resourceType: request.resourceType.code, resourceId: request.resourceId }, request.permissions);
  const numbers = new Map(explanation.rows.map((entry, index) => [entry.row, index + 1]));
  const permissions: ExplainedPermission[] = explanation.decisions.map((decision) => ({
    permission: decision.permission,
    granted: decision.granted,
    decidedBy: decision.decidedBy?.row.id ?? null,
    row: decision.decidedBy ? (numbers.get(decision.decidedBy.row) ?? null) : null,
    level: decision.decidedBy?.line.level ?? null,
    on: decision.decidedBy?.line.on ?? null,
    effect: decision.decidedBy?.line.effect ?? null,
  }));
  const report: ExplainReport = {
    user: request.user ?? null,
    group: request.group ?? null,
    groups,
    resourceType: request.resourceType.name,
    resourceTypeCode: request.resourceType.code,
    resourceId: explanation.resourceId,
    revokeChecks: explanation.revokeChecks,
    permissions,
    authorizations: explanation.rows.map((entry, index) => ({
      row: index + 1,
      id: entry.row.id,
      type: authorizationTypeName(entry.row.type),
      owner: ownerOf(entry.row),
      level: entry.level,
      resourceId: entry.row.resourceId ?? '',
      permissions: [...entry.row.permissions],
      grants: entry.grants,
      revokes: entry.revokes,
    })),
    engineCheck: null,
  };
  if (request.crossCheck) report.engineCheck = await askEngine(client, request, permissions);
  return report;
}

/** GET /authorization/check for each permission, as the credentials' user (no userId: their own groups, all of them). */
async function askEngine(
  client: EngineClient,
  request: ExplainRequest,
  permissions: ExplainedPermission[],
): Promise<NonNullable<ExplainReport['engineCheck']>> {
  const disagreements: string[] = [];
  for (const entry of permissions) {
    try {
      const answer = await client.authorizations.check({
        permissionName: entry.permission,
        resourceName: request.resourceType.resourceName,
        resourceType: request.resourceType.code,
        ...(request.resourceId !== undefined && request.resourceId !== '*' ? { resourceId: request.resourceId } : {}),
      });
      entry.engine = answer.authorized;
      if (answer.authorized !== entry.granted) disagreements.push(entry.permission);
    } catch (error) {
      // The explanation stands without the engine's answer; the report says why it is missing.
      if (!(error instanceof EngineError)) throw error;
      for (const unanswered of permissions) delete unanswered.engine;
      return { asked: false, error: error.message, disagreements: [] };
    }
  }
  return { asked: true, error: null, disagreements };
}

/**
 * Whether the explained user or group exists: false only when the engine says so for certain,
 * undefined when these credentials cannot tell. The engine's user and group queries leave out what
 * the caller may not READ (no 403), so an empty answer means "no such user" only when the caller may
 * read that id (GET /authorization/check), or when there is no authenticated caller at all (that
 * check's 401: the queries are then not filtered). Any other failure tells nothing and fails nothing.
 */
export async function subjectExists(client: EngineClient, subject: { user?: string | undefined; group?: string | undefined }): Promise<boolean | undefined> {
  const isUser = subject.user !== undefined;
  const id = subject.user ?? subject.group ?? '';
  const resourceType = RESOURCE_TYPES.find((type) => type.constant === (isUser ? 'USER' : 'GROUP'))!;
  try {
    const found = isUser ? (await client.groups.usersAmong({}, [id])).has(id) : (await client.groups.count({ id })) > 0;
    if (found) return true;
    const check = await client.authorizations.check({
      permissionName: 'READ',
      resourceName: resourceType.resourceName,
      resourceType: resourceType.code,
      resourceId: id,
    });
    return check.authorized ? false : undefined;
  } catch (error) {
    if (error instanceof EngineAuthenticationError && error.noAuthenticatedUser) return false;
    if (error instanceof EngineError) return undefined;
    throw error;
  }
}

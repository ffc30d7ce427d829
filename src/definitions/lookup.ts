/**
 * Process definitions by what listings of runtime objects filter and group by: the ids of one
 * version of a key (a version is one definition per tenant), and the key and version of the ids
 * found in a listing (incidents and jobs carry the definition's id only).
 */
import type { ProcessDefinition, ProcessDefinitionApi } from '../engine/process-definitions.js';
import { resolveReference } from '../plans/references.js';

/** Ids in one GET query string: 50 ids of up to 64 characters stay far below any server's URL limit. */
const IDS_PER_REQUEST = 50;

/**
 * The ids of KEY:VERSION, one per tenant (every tenant's). None found is a usage error naming the
 * versions of the key, or keys near it (as a reference is resolved).
 */
export async function idsOfVersion(definitions: ProcessDefinitionApi, key: string, version: number, where: string): Promise<string[]> {
  const found = await definitions.listAll({ key, version });
  if (found.length > 0) return found.map((definition) => definition.id);
  // Throws the usage error of an unknown reference: which versions the key has, or which keys are near.
  await resolveReference(definitions, { kind: 'version', text: `${key}:${version}`, key, version }, { tenant: undefined, where });
  return [];
}

/** The definitions of these ids that the engine shows, by id. */
export async function definitionsById(definitions: ProcessDefinitionApi, ids: Iterable<string>): Promise<Map<string, ProcessDefinition>> {
  const wanted = [...new Set(ids)];
  const byId = new Map<string, ProcessDefinition>();
  for (let start = 0; start < wanted.length; start += IDS_PER_REQUEST) {
    for (const definition of await definitions.listAll({ processDefinitionIdIn: wanted.slice(start, start + IDS_PER_REQUEST) }))
      byId.set(definition.id, definition);
  }
  return byId;
}

/**
 * The definition filters every bulk selection shares (`--key`, `--version`, `--definition-id`) as the
 * fields of a runtime query body: a key with a version is resolved to its definition id, since no
 * runtime query filters by version.
 */
import { inputError } from '../change/errors.js';
import type { EngineClient } from '../engine/client.js';
import { keysNear } from '../plans/references.js';
import type { QueryBody } from './object-kind.js';

export interface DefinitionFilters {
  key?: string | undefined;
  version?: number | undefined;
  definitionId?: string | undefined;
}

/** Adds the definition filters given to `query` and their words to `parts` (`--key invoice --version 3`). */
export async function addDefinitionFilters(client: EngineClient, filters: DefinitionFilters, query: QueryBody, parts: string[]): Promise<void> {
  if (filters.key !== undefined && filters.version !== undefined) {
    const found = await client.processDefinitions.find({ key: filters.key, version: filters.version });
    if (found.length > 1)
      throw inputError(`--key ${filters.key} --version ${filters.version} is deployed for more than one tenant: give --definition-id instead`);
    const definition = found[0];
    if (!definition) throw inputError(`--key ${filters.key} --version ${filters.version}: ${await missingVersion(client, filters.key)}; nothing was sent`);
    query.processDefinitionId = definition.id;
    parts.push(`--key ${filters.key} --version ${filters.version}`);
  } else if (filters.key !== undefined) {
    // A key the engine does not have would select nothing, which is success: a typo would go unseen.
    if ((await client.processDefinitions.listSome({ key: filters.key, latestVersion: true }, 1)).length === 0) {
      const { hint } = await keysNear(client.processDefinitions, filters.key);
      throw inputError(`--key ${filters.key}: the engine has no process definition with that key (${hint}); nothing was sent`);
    }
    query.processDefinitionKey = filters.key;
    parts.push(`--key ${filters.key}`);
  }
  if (filters.definitionId !== undefined) {
    if (query.processDefinitionId !== undefined && query.processDefinitionId !== filters.definitionId) {
      throw inputError(
        `--definition-id ${filters.definitionId} is not ${filters.key}:${filters.version} (${String(query.processDefinitionId)}): nothing would match`,
      );
    }
    query.processDefinitionId = filters.definitionId;
    parts.push(`--definition-id ${filters.definitionId}`);
  }
}

/** Why a key's version is not there, in words: the versions the key has, or the keys near it (as `incident list` and `job list` say). */
async function missingVersion(client: EngineClient, key: string): Promise<string> {
  const versions = await client.processDefinitions.listAll({ key });
  if (versions.length === 0) {
    const { hint } = await keysNear(client.processDefinitions, key);
    return `the engine has no process definition with that key (${hint})`;
  }
  const list = [...new Set(versions.map((definition) => definition.version))].sort((a, b) => a - b).join(', ');
  return `the engine has no such version (versions of ${key}: ${list}; or you may not read it)`;
}

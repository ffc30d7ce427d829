/**
 * Process and decision definitions as `history ttl` sees them: versions of a key with a time-to-live,
 * read and changed one id at a time. The two kinds have their own endpoints and key spaces (a process
 * and a decision may share a key), so every run is about one kind.
 */
import type { EngineClient } from '../engine/client.js';
import { type DecisionDefinition, DecisionDefinitionApi, decisionTimeToLivePath } from '../engine/decision-definitions.js';
import type { EnginePath } from '../engine/paths.js';
import { type ProcessDefinition, processTimeToLivePath } from '../engine/process-definitions.js';
import { closest } from '../util/suggest.js';

export type DefinitionKind = 'process' | 'decision';

/** The engine's ProcessDefinitionDto or DecisionDefinitionDto, unchanged. */
export type TtlDefinition = ProcessDefinition | DecisionDefinition;

/** Which versions to read: one key or all, one tenant or all the caller may read. */
interface DefinitionSelection {
  key?: string | undefined;
  tenant?: string | undefined;
}

export interface DefinitionsOfKind {
  readonly kind: DefinitionKind;
  /** Every version the selection names, in id order (pages within the engine's limit). */
  list(selection: DefinitionSelection): Promise<TtlDefinition[]>;
  get(id: string): Promise<TtlDefinition>;
  updateTimeToLive(id: string, days: number | null): Promise<void>;
  timeToLivePath(id: string): EnginePath;
  /** What to say when a key has no version: the keys near it, or why there are none. */
  keysNear(key: string): Promise<string>;
}

export function definitionsOf(client: EngineClient, kind: DefinitionKind): DefinitionsOfKind {
  const query = (selection: DefinitionSelection) => ({
    ...(selection.key !== undefined ? { key: selection.key } : {}),
    ...(selection.tenant !== undefined ? { tenantIdIn: [selection.tenant] } : {}),
  });
  if (kind === 'process') {
    const api = client.processDefinitions;
    return {
      kind,
      list: (selection) => api.listAll(query(selection)),
      get: (id) => api.get(id),
      updateTimeToLive: (id, days) => api.updateHistoryTimeToLive(id, days),
      timeToLivePath: processTimeToLivePath,
      keysNear: async (key) =>
        hintOf(
          key,
          (await api.listSome({ latestVersion: true, sortBy: 'key', sortOrder: 'asc' }, 1000)).map((row) => row.key),
          api.asUser,
        ),
    };
  }
  const api = new DecisionDefinitionApi(client.http);
  return {
    kind,
    list: (selection) => api.listAll(query(selection)),
    get: (id) => api.get(id),
    updateTimeToLive: (id, days) => api.updateHistoryTimeToLive(id, days),
    timeToLivePath: decisionTimeToLivePath,
    keysNear: async (key) => {
      const latest = await client.http.queryLimit.within(1000, (maxResults) =>
        api.list({ latestVersion: true, sortBy: 'key', sortOrder: 'asc', firstResult: 0, maxResults }),
      );
      return hintOf(
        key,
        latest.map((row) => row.key),
        client.http.sendsCredentials,
      );
    },
  };
}

function hintOf(key: string, found: readonly string[], asUser: boolean): string {
  const keys = [...new Set(found)];
  const near = closest(key, keys);
  if (near.length > 0) return `did you mean ${near.join(', ')}?`;
  if (keys.length > 0) return `keys: ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ', …' : ''}`;
  return asUser ? 'none is deployed, or the user may read none' : 'none is deployed';
}

/** The words of a kind in messages. */
export function kindNoun(kind: DefinitionKind): string {
  return kind === 'process' ? 'process definition' : 'decision definition';
}

/** Versions as short ranges: `1-3, 5, 7-8`. */
export function versionRanges(versions: readonly number[]): string {
  const sorted = [...new Set(versions)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let index = 0; index < sorted.length;) {
    let end = index;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++;
    parts.push(end === index ? `${sorted[index]}` : `${sorted[index]}-${sorted[end]}`);
    index = end + 1;
  }
  return parts.join(', ');
}

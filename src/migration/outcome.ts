/**
 * Where each submitted instance is now, asked of the engine after an execute: on the target
 * definition (migrated), still on the source, ended meanwhile, or unknown. This, not the HTTP status,
 * is what the report states.
 */
import { idChunks } from '../engine/paging.js';
import { IDS_PER_QUERY } from '../engine/selection-pages.js';
import type { ProcessInstanceApi } from '../engine/process-instances.js';

/**
 * 'already-migrated': on the target, but not moved by this run: another run (another journal, an
 * operator) migrated it first (docs/migration.md, "Instances another run moved").
 */
type Outcome = 'migrated' | 'already-migrated' | 'on-source' | 'ended' | 'unknown';

export interface InstanceOutcome {
  id: string;
  outcome: Outcome;
  /** The definition the instance is on now (runtime), or was on when it ended (history). */
  definitionId: string | null;
}

export type OutcomeCounts = Record<Outcome, number>;

const ENDED_STATES = new Set(['COMPLETED', 'EXTERNALLY_TERMINATED', 'INTERNALLY_TERMINATED']);

/**
 * Asks in chunks of ids (src/engine/paging.ts idChunks): one IN list of the engine's per request
 * (IDS_PER_QUERY: H2 reads every row for a longer list), the next chunk's runtime lookup sent while this one's history is asked and classified.
 */
export async function classifyInstances(
  instances: ProcessInstanceApi,
  ids: readonly string[],
  sourceDefinitionId: string,
  targetDefinitionId: string,
): Promise<InstanceOutcome[]> {
  const results: InstanceOutcome[] = [];
  const chunks = idChunks(ids.length, { limit: instances.queryLimit, pageSize: IDS_PER_QUERY }, async (start, end) => {
    const rows = await instances.query({ processInstanceIds: ids.slice(start, end) }, 0, end - start);
    return new Map(rows.map((instance) => [instance.id, instance.definitionId]));
  });
  for await (const { start, end, value: running } of chunks) {
    const page = ids.slice(start, end);
    const gone = page.filter((id) => !running.has(id));
    const ended = new Map<string, string | null>();
    if (gone.length > 0) {
      for (const historic of await instances.history(gone)) {
        if (historic.endTime || ENDED_STATES.has(historic.state ?? '')) ended.set(historic.id, historic.processDefinitionId ?? null);
      }
    }
    for (const id of page) {
      const definitionId = running.get(id);
      if (definitionId === targetDefinitionId) results.push({ id, outcome: 'migrated', definitionId });
      else if (definitionId === sourceDefinitionId) results.push({ id, outcome: 'on-source', definitionId });
      else if (definitionId !== undefined) results.push({ id, outcome: 'unknown', definitionId });
      else if (ended.has(id)) results.push({ id, outcome: 'ended', definitionId: ended.get(id) ?? null });
      else results.push({ id, outcome: 'unknown', definitionId: null });
    }
  }
  return results;
}

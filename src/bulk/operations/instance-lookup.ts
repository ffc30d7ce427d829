/**
 * Where process instances are, asked in chunks of ids (src/engine/paging.ts idChunks: within the
 * engine's limit on rows, the next chunk asked while this one is looked at): running (with its
 * definition), else its history row, if the history has one. The operations of this folder turn that
 * into their states.
 */
import type { EngineClient } from '../../engine/client.js';
import type { HistoricProcessInstance, ProcessInstance } from '../../engine/process-instances.js';
import { idChunks } from '../../engine/paging.js';
import { IDS_PER_QUERY } from '../../engine/selection-pages.js';

export interface InstanceWhereabouts {
  id: string;
  running: ProcessInstance | undefined;
  /** Looked up only for instances that are not running. */
  history: HistoricProcessInstance | undefined;
}

/** Each of `ids`, in order, with where it is; `chunk` lets an operation look up more about each chunk's running instances. */
export async function lookUpInstances<T>(
  client: Pick<EngineClient, 'processInstances'>,
  ids: readonly string[],
  more: (running: readonly ProcessInstance[]) => Promise<T>,
): Promise<{ found: InstanceWhereabouts[]; extra: T[] }> {
  const instances = client.processInstances;
  const found: InstanceWhereabouts[] = [];
  const extra: T[] = [];
  const chunks = idChunks(ids.length, { limit: instances.queryLimit, pageSize: IDS_PER_QUERY }, async (start, end) => {
    const rows = await instances.query({ processInstanceIds: ids.slice(start, end) }, 0, end - start);
    return new Map(rows.map((instance) => [instance.id, instance]));
  });
  for await (const { start, end, value: running } of chunks) {
    const page = ids.slice(start, end);
    const gone = page.filter((id) => !running.has(id));
    const history = new Map<string, HistoricProcessInstance>();
    if (gone.length > 0) for (const row of await instances.history(gone)) history.set(row.id, row);
    extra.push(await more([...running.values()]));
    for (const id of page) found.push({ id, running: running.get(id), history: running.has(id) ? undefined : history.get(id) });
  }
  return { found, extra };
}

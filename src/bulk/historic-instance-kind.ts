/**
 * Finished process instances as an object kind of the bulk layer (./object-kind.ts), for `instance
 * delete --finished`: POST /history/process-instance and its count, always with `finished: true`, so
 * that neither the filters nor the ids given select an instance that still runs (the engine would
 * refuse it as if it did not exist). Finished instances are at no activity: the preview breaks them
 * down by definition only.
 */
import type { EngineClient } from '../engine/client.js';
import type { HistoricInstance } from '../engine/historic-process-instances.js';
import { JsonText } from '../engine/http.js';
import { parseHistoricQueryFile } from './historic-query.js';
import type { DefinitionName, ObjectKind, ObjectRow, QueryBody } from './object-kind.js';

/** The body with `finished: true`. */
function finished(body: QueryBody): QueryBody {
  return { ...body, finished: true };
}

export function historicInstanceKind(client: EngineClient): ObjectKind<HistoricInstance> {
  const history = client.historicProcessInstances;
  return {
    one: 'finished process instance',
    many: 'finished process instances',
    // An id left out here is most often an instance that still runs, not one that ended.
    absentBecause: 'still running, never existed, or not matching the filters',
    queryEndpoint: 'POST /history/process-instance',
    idsField: 'processInstanceIds',
    parseQuery: (text, file) => parseHistoricQueryFile(text, file),
    // A body already serialized (JsonText) is the caller's to make; the selection gives objects.
    count: (body) => history.count(body instanceof JsonText ? body : finished(body)),
    rows: async function* (body, pageSize) {
      for await (const page of history.pages(finished(body), { pageSize }))
        yield page.map((row): ObjectRow<HistoricInstance> => ({ id: row.id, definitionId: row.processDefinitionId ?? null, row }));
    },
    useBulkTransport: () => client.processInstances.useBulkTransport('listing'),
    definitions: async (definitionIds) => {
      const found = new Map<string, DefinitionName>();
      if (definitionIds.length === 0) return found;
      for (const definition of await client.processDefinitions.listAll({ processDefinitionIdIn: definitionIds }))
        found.set(definition.id, { key: definition.key, version: definition.version });
      return found;
    },
    activities: async () => [],
  };
}

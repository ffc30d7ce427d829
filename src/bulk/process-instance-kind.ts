/**
 * Process instances as an object kind of the bulk layer (./object-kind.ts): POST /process-instance
 * and its count, the definitions' keys and versions, and the activities with running instances
 * (GET /process-definition/{id}/statistics) for the preview.
 */
import type { EngineClient } from '../engine/client.js';
import type { ProcessInstance } from '../engine/process-instances.js';
import * as places from '../input/places.js';
import { parseQueryFile } from '../plans/load.js';
import type { DefinitionName, ObjectKind, ObjectRow, QueryBody } from './object-kind.js';

export function processInstanceKind(client: EngineClient): ObjectKind<ProcessInstance> {
  const instances = client.processInstances;
  return {
    one: 'process instance',
    many: 'process instances',
    queryEndpoint: 'POST /process-instance',
    idsField: 'processInstanceIds',
    parseQuery: (text, file) => parseQueryFile(text, file, places),
    count: (body) => instances.count(body),
    rows: async function* (body, pageSize) {
      // Rows are read (id, definition, suspended), never printed: taken as the engine sent them.
      for await (const page of instances.pages(body, { pageSize, asSent: true }))
        yield page.map((row): ObjectRow<ProcessInstance> => ({ id: row.id, definitionId: row.definitionId, row }));
    },
    useBulkTransport: () => instances.useBulkTransport('listing'),
    definitions: async (definitionIds) => {
      const found = new Map<string, DefinitionName>();
      if (definitionIds.length === 0) return found;
      for (const definition of await client.processDefinitions.listAll({ processDefinitionIdIn: definitionIds }))
        found.set(definition.id, { key: definition.key, version: definition.version });
      return found;
    },
    definitionQuery: (definitionId) => ({ processDefinitionId: definitionId }),
    activities: async (definitionId) =>
      (await client.processDefinitions.activityStatistics(definitionId))
        .filter((row) => row.instances > 0)
        .map((row) => ({
          activity: row.id,
          filter: { activityIdIn: [row.id], processDefinitionId: definitionId } satisfies QueryBody,
          all: { body: { processDefinitionId: definitionId, activityIdIn: [row.id] }, count: row.instances },
        })),
  };
}

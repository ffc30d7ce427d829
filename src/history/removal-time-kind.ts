/**
 * The objects of `history removal-time set`: finished process instances (src/bulk/historic-instance-kind.ts,
 * always `finished: true`: a removal time on a running instance would let the clean-up remove the
 * history of an instance that still runs), whose definitions' time-to-live is looked up page by page
 * as the selection reads them, so that the operation's `pending` can tell an instance whose removal
 * time is already the calculated one.
 */
import { historicInstanceKind } from '../bulk/historic-instance-kind.js';
import type { ObjectKind, ObjectRow } from '../bulk/object-kind.js';
import type { EngineClient } from '../engine/client.js';
import type { HistoricInstance } from '../engine/historic-process-instances.js';
import type { DefinitionTtls } from './removal-time-ttls.js';

/** `ttls`: given for a calculated removal time (the only mode that needs them). */
export function removalTimeInstanceKind(client: EngineClient, ttls: DefinitionTtls | undefined): ObjectKind<HistoricInstance> {
  const kind = historicInstanceKind(client);
  if (!ttls) return kind;
  return {
    ...kind,
    rows: async function* (body, pageSize): AsyncGenerator<ObjectRow<HistoricInstance>[]> {
      for await (const page of kind.rows(body, pageSize)) {
        await ttls.load(page.map((row) => row.definitionId));
        yield page;
      }
    },
  };
}

/**
 * `instance suspend` and `instance activate` as a bulk operation: a chunk is one PUT
 * /process-instance/suspended (UpdateProcessInstancesSuspendStateCmd: one transaction; ids the engine
 * does not find are left out silently, none found is a 400), a batch is one POST
 * /process-instance/suspended-async (type instance-update-suspension-state, permission
 * CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND). An instance is changed when its `suspended` is as
 * asked; gone, it ended. The engine logs each request as one SuspendJob/ActivateJob entry of entity
 * type ProcessInstance (properties nrOfInstances and async), under the request's operation id.
 */
import type { ChangeWords, ObjectFound, OutcomeKind } from '../../change/operation.js';
import type { EngineClient } from '../../engine/client.js';
import { EngineHttpError } from '../../engine/errors.js';
import type { ProcessInstance } from '../../engine/process-instances.js';
import { idChunks } from '../../engine/paging.js';
import { COUNTED_PAGE, IDS_PER_QUERY } from '../../engine/selection-pages.js';
import type { BulkOperation } from '../operation.js';

type SuspensionOutcome = 'suspended' | 'activated' | 'suspended-elsewhere' | 'activated-elsewhere' | 'not-suspended' | 'not-activated' | 'ended' | 'unknown';

/** What the report says of an instance beside its outcome: the definition it is on. */
interface SuspensionDetail {
  definitionId: string | null;
}

export type SuspensionOperation = BulkOperation<ProcessInstance, SuspensionOutcome, SuspensionDetail>;

function wordsOf(suspend: boolean): ChangeWords {
  return {
    verb: suspend ? 'suspend' : 'activate',
    done: suspend ? 'suspended' : 'activated',
    one: 'instance',
    many: 'instances',
    changed: suspend ? 'suspended' : 'active',
    unchanged: suspend ? 'active' : 'suspended',
    run: suspend ? 'the suspension' : 'the activation',
    changedInFull: suspend ? 'suspended' : 'active',
    request: 'the request',
    canaryCheck: suspend ? 'suspended' : 'active',
  };
}

function outcomesOf(suspend: boolean): Record<OutcomeKind, SuspensionOutcome> {
  return suspend
    ? { changed: 'suspended', 'changed-elsewhere': 'suspended-elsewhere', unchanged: 'not-suspended', ended: 'ended', other: 'unknown' }
    : { changed: 'activated', 'changed-elsewhere': 'activated-elsewhere', unchanged: 'not-activated', ended: 'ended', other: 'unknown' };
}

export function suspensionOperation(client: EngineClient, suspend: boolean): SuspensionOperation {
  const instances = client.processInstances;
  const body = (ids: string[]) => ({ processInstanceIds: ids, suspended: suspend });
  const operation: SuspensionOperation = {
    name: suspend ? 'suspend' : 'activate',
    pending: (row) => row.suspended !== suspend,
    sendChunk: async (ids, signal) => {
      try {
        await instances.setSuspended(ids, suspend, signal);
      } catch (error) {
        // The engine leaves out ids it does not find and refuses a request of none: a chunk whose
        // instances all ended since they were selected is nothing to do, not a failure.
        if (!(isNoneFound(error) && (await operation.statesOf(ids)).every((found) => found.state === 'ended'))) throw error;
      }
    },
    createBatch: (ids) => instances.setSuspendedAsync(ids, suspend),
    chunkRequest: (ids) => ({ method: 'PUT', path: '/process-instance/suspended', body: body(ids) }),
    batchRequest: (ids) => ({ method: 'POST', path: '/process-instance/suspended-async', body: body(ids) }),
    batchCheck: ['batch', 'list', '--type', 'instance-update-suspension-state'],
    statesOf: async (ids) => {
      const rows = await instancesOf(client, ids);
      return ids.map((id): ObjectFound<SuspensionDetail> => {
        const row = rows.get(id);
        if (row === undefined) return { id, state: 'ended', detail: { definitionId: null } };
        return { id, state: row.suspended === suspend ? 'changed' : 'unchanged', detail: { definitionId: row.definitionId } };
      });
    },
    // Two transactions on the same executions at once (another run, or the job executor).
    overlapsAnotherRun: (error) => error instanceof EngineHttpError && error.status === 500 && error.engineType === 'OptimisticLockingException',
    outcomeNames: outcomesOf(suspend),
    explainRefusal: (error) => error,
    words: wordsOf(suspend),
    opLog: { operationType: suspend ? 'SuspendJob' : 'ActivateJob', entityType: 'ProcessInstance', property: 'nrOfInstances' },
    batchPermission: 'CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND',
    noDetail: { definitionId: null },
    report: { id: 'processInstanceId', columns: [{ name: 'definitionId', value: (instance) => instance.definitionId }] },
  };
  return operation;
}

/** Instances listed rather than looked up by id when their definition has at most this many times as many as asked for. */
const LISTED_PER_ASKED = 4;

/**
 * Ids looked up first, whose definitions tell whether to list one: an IN list of 1,000 ids cost
 * Camunda 7.24 on H2 0.12-0.14 s, of 100 0.01-0.04 s (docs/performance.md, "Selecting and checking").
 */
const SAMPLE = 100;

/** Where a running instance is; one object for all instances of a definition in one state, not one per row. */
interface InstancePlace {
  definitionId: string;
  suspended: boolean | undefined;
}

/**
 * The running instances of `ids` (their definition and `suspended`): looked up by id, an IN list per
 * query, the next asked while this one is read. When the first of them are all of one definition
 * that has not many more instances than asked for (a run over a definition), the definition's
 * instances are listed instead, in big pages (a lookup by 1,000 ids costs the engine about what
 * listing 2,000 to 5,000 instances does), and only the ids it did not list are looked up by id.
 * The rows are read as the engine sent them (no schema copy of each) and dropped at once: what is
 * kept of each is its id and a place shared by every instance of its definition and state.
 */
async function instancesOf(client: EngineClient, ids: readonly string[]): Promise<Map<string, InstancePlace>> {
  const instances = client.processInstances;
  const found = new Map<string, InstancePlace>();
  const places = new Map<string, { active: InstancePlace; suspended: InstancePlace; unknown: InstancePlace }>();
  const placeOf = (row: ProcessInstance): InstancePlace => {
    let ofDefinition = places.get(row.definitionId);
    if (!ofDefinition) {
      const definitionId = row.definitionId;
      ofDefinition = {
        active: { definitionId, suspended: false },
        suspended: { definitionId, suspended: true },
        unknown: { definitionId, suspended: undefined },
      };
      places.set(definitionId, ofDefinition);
    }
    return row.suspended === undefined ? ofDefinition.unknown : row.suspended ? ofDefinition.suspended : ofDefinition.active;
  };
  const keep = (row: ProcessInstance) => found.set(row.id, placeOf(row));
  let rest = ids;
  if (ids.length > 2 * IDS_PER_QUERY) {
    const first = await instances.query({ processInstanceIds: ids.slice(0, SAMPLE) }, 0, SAMPLE, { asSent: true });
    for (const row of first) keep(row);
    rest = ids.slice(SAMPLE);
    const definitionIds = new Set(first.map((row) => row.definitionId));
    const [definitionId] = definitionIds;
    const count = definitionIds.size === 1 && definitionId !== undefined ? await instances.count({ processDefinitionId: definitionId }) : undefined;
    if (count !== undefined && count <= LISTED_PER_ASKED * ids.length) {
      const asked = new Set(ids);
      const pages = instances.pages({ processDefinitionId: definitionId }, { pageSize: Math.min(count, COUNTED_PAGE) + 1, asSent: true });
      for await (const page of pages) for (const row of page) if (asked.has(row.id)) keep(row);
      rest = rest.filter((id) => !found.has(id));
    }
  }
  const chunks = idChunks(rest.length, { limit: instances.queryLimit, pageSize: IDS_PER_QUERY }, (start, end) =>
    instances.query({ processInstanceIds: rest.slice(start, end) }, 0, end - start, { asSent: true }),
  );
  for await (const { value } of chunks) for (const row of value) keep(row);
  return found;
}

/** UpdateProcessInstancesSuspendStateCmd's refusal of a request none of whose ids it found. */
function isNoneFound(error: unknown): boolean {
  return error instanceof EngineHttpError && error.status === 400 && /^No process instance ids given/.test(error.body?.message ?? '');
}

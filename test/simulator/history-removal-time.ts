// The removal-time model of the history (issue 33) and the engine's history clean-up settings, as
// DefaultHistoryEventProducer, DefaultDmnHistoryEventProducer and DefaultHistoryRemovalTimeProvider
// (7.24) set REMOVAL_TIME_:
//
// - Strategy "end" (historyRemovalTimeStrategy's default): when a ROOT process instance ends, its
//   removal time is its end time plus its definition's historyTimeToLive (days) as the definition has
//   it at that moment, and the whole call hierarchy (every historic process instance and decision
//   instance whose root is it) gets that removal time. A sub instance that ends first gets none until
//   its root ends. No TTL at the root's end: no removal time, and the rows are never cleaned, whatever
//   TTL is set later (a changed TTL applies to history written afterwards only).
// - Strategy "start": the root gets start time + TTL when it starts, sub instances the root's. The
//   simulator computes that when a running instance's row is read (its definition's TTL of now).
// - Strategy "none": no removal times at all.
// - A decision evaluated outside a process instance (a root decision) gets evaluation time + its
//   decision definition's TTL under every strategy.
//
// The removal time lives on the record (ProcessInstanceRecord.removalTime: ACT_HI_PROCINST.REMOVAL_TIME_;
// absent is null). `setRemovalTime` is what a set-removal-time batch job does to one instance
// (ProcessSetRemovalTimeJobHandler.addRemovalTimeToInstance): hierarchical, the root's whole hierarchy;
// `calculatedRemovalTime` is its "calculated" mode.
//
// The settings (`historyCleanupOf(state).settings`) are the process engine configuration's; the
// defaults are the engine's: clean-up enabled, no batch window, strategy "end", removalTimeBased
// clean-up, batch size 500, one job, three retries, no batch operation TTLs.
// Only types from state.ts: state.ts calls applyRemovalTimeAtEnd, and a value import back would be a cycle.
import type { BatchRecord, EngineState, ProcessDefinitionRecord, ProcessInstanceRecord } from './state.js';

export type RemovalTimeStrategy = 'end' | 'start' | 'none';
export type HistoryCleanupStrategy = 'removalTimeBased' | 'endTimeBased';

export interface HistoryCleanupSettings {
  /** historyCleanupEnabled: whether this node takes part in clean-up (POST /history/cleanup is 400 without). */
  enabled: boolean;
  /** historyCleanupBatchWindowStartTime/EndTime as "HH:mm" (UTC, every day); null: no window (the default). */
  batchWindow: { start: string; end: string } | null;
  removalTimeStrategy: RemovalTimeStrategy;
  cleanupStrategy: HistoryCleanupStrategy;
  /** historyCleanupBatchSize: rows per table and run (at most 500). */
  batchSize: number;
  /** historyCleanupDegreeOfParallelism: how many clean-up jobs (minute chunks of the removal time). */
  degreeOfParallelism: number;
  /** historyCleanupDefaultNumberOfRetries (else defaultNumberOfRetries): a new or rescheduled job's retries. */
  retries: number;
  /** batchOperationsForHistoryCleanup (batch type -> TTL days); none by default. */
  batchOperationTimeToLive: Record<string, number>;
  /** Tests: every run of a clean-up job fails with this message (a database that refuses the delete). */
  failure: string | null;
  /** 'auto': due clean-up jobs run before each request (as batch jobs do); 'manual': only runDueJobs(state). */
  executor: 'auto' | 'manual';
}

/** A historic decision instance (ACT_HI_DECINST), the fields the reports and the clean-up read. */
export interface HistoricDecisionInstanceRecord {
  id: string;
  decisionDefinitionId: string;
  evaluationTime: string;
  rootProcessInstanceId: string | null;
  processInstanceId: string | null;
  removalTime: string | null;
}

/** A clean-up job (an EverLivingJobEntity of handler type history-cleanup). */
export interface HistoryCleanupJobRecord {
  id: string;
  /** Epoch millis; null: none (suspended by a POST without a window). */
  dueDate: number | null;
  retries: number;
  suspended: boolean;
  exceptionMessage: string | null;
  createTime: number;
  /** The job handler configuration: immediatelyDue, the minute chunk, empty runs in a row. */
  immediatelyDue: boolean;
  minuteFrom: number;
  minuteTo: number;
  countEmptyRuns: number;
}

export interface HistoryCleanupState {
  settings: HistoryCleanupSettings;
  jobs: HistoryCleanupJobRecord[];
  historicDecisionInstances: HistoricDecisionInstanceRecord[];
  /** What the runs deleted, in order (tests read it): table -> ids. */
  deleted: { processInstances: string[]; decisionInstances: string[]; batches: string[] };
}

export function defaultHistoryCleanupSettings(): HistoryCleanupSettings {
  return {
    enabled: true,
    batchWindow: null,
    removalTimeStrategy: 'end',
    cleanupStrategy: 'removalTimeBased',
    batchSize: 500,
    degreeOfParallelism: 1,
    retries: 3,
    batchOperationTimeToLive: {},
    failure: null,
    executor: 'auto',
  };
}

const STATES = new WeakMap<EngineState, HistoryCleanupState>();

/** The clean-up settings, jobs and historic decision instances of an engine (created on first use). */
export function historyCleanupOf(state: EngineState): HistoryCleanupState {
  let cleanup = STATES.get(state);
  if (cleanup === undefined) {
    cleanup = {
      settings: defaultHistoryCleanupSettings(),
      jobs: [],
      historicDecisionInstances: seededEvaluations(state),
      deleted: { processInstances: [], decisionInstances: [], batches: [] },
    };
    STATES.set(state, cleanup);
  }
  return cleanup;
}

/**
 * The historic decision instances of the seeded decision definitions (decision-seed.ts: `evaluations`
 * per definition), evaluated outside any process when the clean-up state is first used, with the
 * removal time their TTL gives (in the future: none is cleanable yet). Their ids are fixed, not taken
 * from state.nextId(), so seeding them changes no other id.
 */
function seededEvaluations(state: EngineState): HistoricDecisionInstanceRecord[] {
  const records: HistoricDecisionInstanceRecord[] = [];
  const evaluationTime = formatUtcDate(state.clock());
  for (const definition of decisionDefinitionsOf(state) as (DecisionDefinitionLike & { evaluations?: number })[]) {
    for (let index = 0; index < (definition.evaluations ?? 0); index++) {
      records.push({
        id: `5eed0000-e5fe-11f1-a2ca-${(records.length + 1).toString(16).padStart(12, '0')}`,
        decisionDefinitionId: definition.id,
        evaluationTime,
        rootProcessInstanceId: null,
        processInstanceId: null,
        removalTime: definition.historyTimeToLive === null ? null : determineRemovalTime(evaluationTime, definition.historyTimeToLive),
      });
    }
  }
  return records;
}

/** Changes some settings (tests): `configureHistoryCleanup(state, { batchWindow: { start: '00:00', end: '23:59' } })`. */
export function configureHistoryCleanup(state: EngineState, settings: Partial<HistoryCleanupSettings>): HistoryCleanupSettings {
  const cleanup = historyCleanupOf(state);
  cleanup.settings = { ...cleanup.settings, ...settings };
  return cleanup.settings;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The engine's date format in UTC (state.ts formatUtcDate). */
export function formatUtcDate(epochMillis: number): string {
  return `${new Date(epochMillis).toISOString().slice(0, 23)}+0000`;
}

/** yyyy-MM-dd'T'HH:mm:ss.SSSZ to epoch millis (repository.ts parseEngineDate). */
export function parseEngineDate(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})([+-])(\d{2})(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, millis, , offsetHours, offsetMinutes] = match.map(Number);
  const utc = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second, millis);
  const offset = ((offsetHours ?? 0) * 60 + (offsetMinutes ?? 0)) * 60_000;
  return match[8] === '-' ? utc + offset : utc - offset;
}

/** DefaultHistoryRemovalTimeProvider.determineRemovalTime: base + TTL days (Calendar.DATE; UTC here, so 24 h a day). */
export function determineRemovalTime(base: string, timeToLiveDays: number): string | null {
  const millis = parseEngineDate(base);
  return millis === undefined ? null : formatUtcDate(millis + timeToLiveDays * DAY_MS);
}

/** A decision definition as the simulator may hold them (helper ttl's records; read structurally). */
export interface DecisionDefinitionLike {
  id: string;
  key: string;
  name: string | null;
  version: number;
  historyTimeToLive: number | null;
  tenantId: string | null;
}

/** The engine's decision definitions, if the state has any (`state.decisionDefinitions`). */
export function decisionDefinitionsOf(state: EngineState): DecisionDefinitionLike[] {
  const held = (state as unknown as { decisionDefinitions?: unknown }).decisionDefinitions;
  return Array.isArray(held) ? (held as DecisionDefinitionLike[]) : [];
}

function findHistoricInstance(state: EngineState, id: string): ProcessInstanceRecord | undefined {
  return state.findProcessInstance(id) ?? state.endedProcessInstances.find((ended) => ended.id === id);
}

/** ROOT_PROC_INST_ID_: up the superProcessInstanceId chain, over running and ended instances. */
export function rootOf(state: EngineState, instance: ProcessInstanceRecord): ProcessInstanceRecord {
  let current = instance;
  const seen = new Set<string>([current.id]);
  for (;;) {
    const parent = current.superProcessInstanceId ? findHistoricInstance(state, current.superProcessInstanceId) : undefined;
    if (parent === undefined || seen.has(parent.id)) return current;
    seen.add(parent.id);
    current = parent;
  }
}

/** Every historic process instance (running and ended) whose root is `rootId`. */
function hierarchyOf(state: EngineState, rootId: string): ProcessInstanceRecord[] {
  return [...state.processInstances, ...state.endedProcessInstances].filter((instance) => rootOf(state, instance).id === rootId);
}

function endTimeOf(state: EngineState, instance: ProcessInstanceRecord): string | null {
  return state.endedProcessInstances.find((ended) => ended.id === instance.id)?.endTime ?? null;
}

/**
 * DefaultHistoryRemovalTimeProvider.calculateRemovalTime for a process instance: with a TTL, the end
 * time (an ended instance) or the start time (a running one) plus the TTL; without, null.
 */
function providedRemovalTime(state: EngineState, instance: ProcessInstanceRecord, definition: ProcessDefinitionRecord | undefined): string | null {
  const ttl = definition?.historyTimeToLive ?? null;
  if (ttl === null) return null;
  return determineRemovalTime(endTimeOf(state, instance) ?? state.startTimeOf(instance), ttl);
}

/** REMOVAL_TIME_ of a historic process instance row as the engine would show it now. */
export function removalTimeOfInstance(state: EngineState, instance: ProcessInstanceRecord): string | null {
  if (instance.removalTime !== undefined) return instance.removalTime;
  if (historyCleanupOf(state).settings.removalTimeStrategy !== 'start') return null;
  const root = rootOf(state, instance);
  return providedRemovalTime(state, root, state.findProcessDefinition(root.definitionId));
}

/**
 * The end of a process instance (EngineState.endProcessInstance calls it): under strategy "end", a
 * root's end gives its hierarchy the removal time end + TTL (createProcessInstanceEndEvt).
 */
export function applyRemovalTimeAtEnd(state: EngineState, ended: ProcessInstanceRecord): void {
  const settings = historyCleanupOf(state).settings;
  if (settings.removalTimeStrategy === 'start') {
    // The row keeps what it got at its start: fixed now from the root's start and TTL.
    ended.removalTime = removalTimeOfInstance(state, ended);
    return;
  }
  if (settings.removalTimeStrategy !== 'end' || (ended.superProcessInstanceId ?? null) !== null) return;
  const removalTime = providedRemovalTime(state, ended, state.findProcessDefinition(ended.definitionId));
  if (removalTime === null) return;
  setHierarchyRemovalTime(state, ended.id, removalTime);
}

function setHierarchyRemovalTime(state: EngineState, rootId: string, removalTime: string | null): void {
  for (const instance of hierarchyOf(state, rootId)) instance.removalTime = removalTime;
  for (const decision of historyCleanupOf(state).historicDecisionInstances) {
    if (decision.rootProcessInstanceId === rootId) decision.removalTime = removalTime;
  }
}

/**
 * ProcessSetRemovalTimeJobHandler's "calculated" removal time of an instance (of its root when
 * hierarchical): with a base time (strategy start, or end and the instance ended) the provider's
 * value, else null. Undefined when no such historic instance exists.
 */
export function calculatedRemovalTime(state: EngineState, instanceId: string, hierarchical = true): string | null | undefined {
  const instance = findHistoricInstance(state, instanceId);
  if (instance === undefined) return undefined;
  const base = hierarchical ? rootOf(state, instance) : instance;
  const strategy = historyCleanupOf(state).settings.removalTimeStrategy;
  const hasBaseTime = strategy === 'start' || (strategy === 'end' && endTimeOf(state, base) !== null);
  return hasBaseTime ? providedRemovalTime(state, base, state.findProcessDefinition(base.definitionId)) : null;
}

/**
 * What one set-removal-time batch job does to one historic process instance: hierarchical (and the
 * instance has a root), the root's whole hierarchy, process and decision instances; else the instance
 * and the decisions it evaluated. `removalTime` null clears. Returns false when no such instance exists.
 */
export function setRemovalTime(state: EngineState, instanceId: string, removalTime: string | null, options: { hierarchical: boolean }): boolean {
  const instance = findHistoricInstance(state, instanceId);
  if (instance === undefined) return false;
  if (options.hierarchical) {
    setHierarchyRemovalTime(state, rootOf(state, instance).id, removalTime);
    return true;
  }
  instance.removalTime = removalTime;
  for (const decision of historyCleanupOf(state).historicDecisionInstances) {
    if (decision.processInstanceId === instanceId) decision.removalTime = removalTime;
  }
  return true;
}

/**
 * A decision evaluated (tests: there is no REST evaluation in the simulator). Standalone: removal time
 * evaluation time + the decision's TTL; in a process instance: the instance's root's removal time as
 * it stands (none yet under "end" while the root runs).
 */
export function recordDecisionEvaluation(
  state: EngineState,
  decisionDefinitionId: string,
  options: { evaluationTime?: string; processInstanceId?: string | null } = {},
): HistoricDecisionInstanceRecord {
  const evaluationTime = options.evaluationTime ?? formatUtcDate(state.clock());
  const processInstance = options.processInstanceId ? findHistoricInstance(state, options.processInstanceId) : undefined;
  const root = processInstance === undefined ? undefined : rootOf(state, processInstance);
  let removalTime: string | null;
  if (root === undefined) {
    const ttl = decisionDefinitionsOf(state).find((definition) => definition.id === decisionDefinitionId)?.historyTimeToLive ?? null;
    removalTime = ttl === null ? null : determineRemovalTime(evaluationTime, ttl);
  } else {
    removalTime = removalTimeOfInstance(state, root);
  }
  const record: HistoricDecisionInstanceRecord = {
    id: state.nextId(),
    decisionDefinitionId,
    evaluationTime,
    rootProcessInstanceId: root?.id ?? null,
    processInstanceId: processInstance?.id ?? null,
    removalTime,
  };
  historyCleanupOf(state).historicDecisionInstances.push(record);
  return record;
}

/** A historic batch's removal time: its own, else end time + the TTL configured for its type (HistoricBatchEntity under "end"). */
export function removalTimeOfBatch(state: EngineState, batch: BatchRecord): string | null {
  if (batch.removalTime !== null) return batch.removalTime;
  const ttl = historyCleanupOf(state).settings.batchOperationTimeToLive[batch.type];
  if (ttl === undefined || batch.endTime === null) return null;
  return determineRemovalTime(batch.endTime, ttl);
}

/**
 * The pre-flight that predicts an execution: what the engine will do with the selected instances (or,
 * without a selection, with every running instance of the source) under a plan, found before anything
 * is sent. Each finding says whether the execute will fail for those instances (the engine refuses
 * them: exit 3) or only warns. What the engine does was read in Camunda 7.24's migration code
 * (docs/migration.md, "The pre-flight").
 *
 * Terminal-free orchestration over the engine client. Every request is a list query, paged within the
 * engine's queryMaxResultsLimit, or a count; ids go in chunks. The only requests per instance name
 * the relatives of the instances in a call hierarchy: the engine links a parent to its children in no
 * list it answers (superProcessInstance and subProcessInstance take one id each).
 */
import type { EngineClient } from '../engine/client.js';
import { ASYNC_CONTINUATION, type JobDefinition } from '../engine/jobs.js';
import type { ActivityStatistics } from '../engine/process-definitions.js';
import { incidentCount } from '../engine/process-definitions.js';
import type { ProcessInstanceQueryBody } from '../engine/process-instances.js';
import { idChunks } from '../engine/paging.js';
import { IDS_PER_QUERY } from '../engine/selection-pages.js';
import type { ResolvedDefinition } from '../plans/references.js';
import type { MigrationPlanFile } from '../plans/schema.js';
import { inParallel } from '../util/parallel.js';
import { compareText } from '../util/text.js';
import { type IdList, InstanceIdSet } from '../input/id-set.js';
import type { FindingKind, PreflightFinding, PreflightReport, PreflightRequest, RelatedDefinition } from './preflight-types.js';
import { resolveSelection, type ResolvedSelection } from './selection.js';

export type { FindingEffect, FindingKind, PreflightFinding, PreflightReport, PreflightRequest, RelatedDefinition } from './preflight-types.js';

const MULTI_INSTANCE_BODY = '#multiInstanceBody';
/** Requests in flight at once for the relatives of a call hierarchy. */
const PARALLEL = 4;
const KIND_ORDER: readonly FindingKind[] = [
  'failing-instruction',
  'unmapped',
  'async-continuation',
  'incident',
  'removed-incident',
  'failing-job',
  'calling',
  'called',
];

/** Statistics name a multi-instance activity's body `task#multiInstanceBody`; the plan maps `task`. */
function activityOf(id: string): string {
  return id.endsWith(MULTI_INSTANCE_BODY) ? id.slice(0, -MULTI_INSTANCE_BODY.length) : id;
}

/** Which selected instances there are, asked cheaply: the selection's own set when it has one. */
class Membership {
  private set: InstanceIdSet | undefined;

  constructor(private readonly selection: IdList | undefined) {}

  has(id: string): boolean {
    if (this.selection === undefined) return true;
    if (this.selection instanceof InstanceIdSet) return this.selection.has(id);
    if (this.set === undefined) {
      this.set = new InstanceIdSet();
      for (let start = 0; start < this.selection.length; start += 10_000) {
        for (const selected of this.selection.slice(start, start + 10_000)) this.set.add(selected);
      }
    }
    return this.set.has(id);
  }
}

export async function preflightInstances(client: EngineClient, request: PreflightRequest): Promise<PreflightReport> {
  const { source, target, statistics, selection } = request;
  const mapped = new Map<string, string>();
  for (const instruction of request.instructions) {
    const from = instruction.sourceActivityIds[0];
    const to = instruction.targetActivityIds[0];
    if (from !== undefined && to !== undefined && !mapped.has(from)) mapped.set(from, to);
  }
  const targetOf = (activityId: string): string | undefined => mapped.get(activityId) ?? mapped.get(activityOf(activityId));
  const selected = new Membership(selection);
  const activeActivities = new Set(statistics.filter((row) => row.instances > 0).map((row) => row.id));

  // One list request alone first: an engine that refuses its page size names its limit once, and the
  // requests after it, in parallel, stay within it.
  const asyncDefinitions = await client.jobs.definitions(source.id, ASYNC_CONTINUATION);
  const onSource = client.processInstances.count({ processDefinitionId: source.id });
  const [refusedInstructions, unmapped, async, incidents, failing, hierarchy, instances] = await Promise.all([
    failingInstructionFindings(client, request, activeActivities, selected),
    unmappedFindings(client, source, statistics, targetOf, selected),
    asyncFindings(client, asyncDefinitions, target, activeActivities, targetOf, selected),
    statistics.some((row) => incidentCount(row) > 0) ? incidentFindings(client, source, targetOf, selected) : [],
    failingJobFindings(client, source, targetOf, selected),
    hierarchyFindings(client, source, onSource, selection),
    selection === undefined ? onSource : selection.length,
  ]);
  // An incident in an activity an instance waits in unmapped goes nowhere: that instance is refused.
  const refusedAt = new Map(unmapped.map((finding) => [finding.activityId, new Set(finding.instances)]));
  const kept = (incidents as PreflightFinding[]).flatMap((finding): PreflightFinding[] => {
    if (finding.kind !== 'removed-incident') return [finding];
    const instances = finding.instances.filter((id) => !refusedAt.get(finding.activityId)?.has(id));
    return instances.length === 0 ? [] : [{ ...finding, instances }];
  });
  const findings = [...refusedInstructions, ...unmapped, ...async, ...kept, ...failing, ...hierarchy].sort(
    (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || compareText(a.activityId ?? '', b.activityId ?? ''),
  );
  return {
    scope: selection === undefined ? 'source' : 'selection',
    instances,
    findings,
    summary: {
      failures: findings.filter((finding) => finding.effect === 'fails').length,
      warnings: findings.filter((finding) => finding.effect === 'warns').length,
      refusedInstances: new Set(findings.filter((finding) => finding.effect === 'fails').flatMap((finding) => finding.instances)).size,
    },
  };
}

/**
 * The instances a plan itself selects (processInstanceIds, processInstanceQuery), resolved on the
 * source as execute resolves them; undefined when it selects none (the pre-flight then looks at every
 * running instance of the source).
 */
export async function selectedByPlan(
  client: EngineClient,
  plan: Pick<MigrationPlanFile, 'processInstanceIds' | 'processInstanceQuery'>,
  sourceId: string,
): Promise<ResolvedSelection | undefined> {
  if (plan.processInstanceIds === undefined && plan.processInstanceQuery === undefined) return undefined;
  const ids = new InstanceIdSet();
  for (const id of plan.processInstanceIds ?? []) ids.add(id);
  const queries = plan.processInstanceQuery ? [{ label: "the plan's processInstanceQuery", query: plan.processInstanceQuery }] : [];
  return resolveSelection(client.processInstances, { ids, queries, parts: [] }, sourceId);
}

/** The instances of the source at one activity (a multi-instance activity: at its body or inside it). */
async function instancesAt(client: EngineClient, sourceId: string, activityIds: readonly string[], selected: Membership): Promise<string[]> {
  const found = new Set<string>();
  for await (const page of client.processInstances.pages({ processDefinitionId: sourceId, activityIdIn: [...activityIds] })) {
    for (const instance of page) if (selected.has(instance.id)) found.add(instance.id);
  }
  return [...found].sort(compareText);
}

async function unmappedFindings(
  client: EngineClient,
  source: ResolvedDefinition,
  statistics: readonly ActivityStatistics[],
  targetOf: (activityId: string) => string | undefined,
  selected: Membership,
): Promise<PreflightFinding[]> {
  const byActivity = new Map<string, string[]>();
  for (const row of statistics) {
    if (row.instances > 0 && targetOf(row.id) === undefined) byActivity.set(activityOf(row.id), [...(byActivity.get(activityOf(row.id)) ?? []), row.id]);
  }
  const findings = await Promise.all(
    [...byActivity].map(async ([activityId, ids]): Promise<PreflightFinding> => ({
      kind: 'unmapped',
      effect: 'fails',
      activityId,
      targetActivityId: null,
      instances: await instancesAt(client, source.id, [...new Set([activityId, ...ids])], selected),
    })),
  );
  return findings.filter((finding) => finding.instances.length > 0);
}

/**
 * Instances waiting in an asynchronous continuation of a mapped activity: their job moves with them
 * (MigratingAsyncJobInstance) when the target activity is asynchronous the same way; otherwise the
 * engine refuses them (AsyncMigrationValidator: "Target activity is not asyncBefore").
 */
async function asyncFindings(
  client: EngineClient,
  sourceDefinitions: readonly JobDefinition[],
  target: ResolvedDefinition,
  activeActivities: ReadonlySet<string>,
  targetOf: (activityId: string) => string | undefined,
  selected: Membership,
): Promise<PreflightFinding[]> {
  const definitions = sourceDefinitions.filter(
    (definition): definition is JobDefinition & { activityId: string } =>
      typeof definition.activityId === 'string' && activeActivities.has(definition.activityId) && targetOf(definition.activityId) !== undefined,
  );
  if (definitions.length === 0) return [];
  const targetDefinitions = await client.jobs.definitions(target.id, ASYNC_CONTINUATION);
  const findings = await Promise.all(
    definitions.map(async (definition): Promise<PreflightFinding> => {
      const targetActivityId = targetOf(definition.activityId)!;
      const jobConfiguration = definition.jobConfiguration ?? 'async-before';
      const targetIsAsync = targetDefinitions.some(
        (candidate) => candidate.activityId === targetActivityId && (candidate.jobConfiguration ?? 'async-before') === jobConfiguration,
      );
      const jobs = await client.jobs.ofDefinition(definition.id);
      const instances = [...new Set(jobs.map((job) => job.processInstanceId).filter((id): id is string => typeof id === 'string' && selected.has(id)))].sort(
        compareText,
      );
      return {
        kind: 'async-continuation',
        effect: targetIsAsync ? 'warns' : 'fails',
        activityId: definition.activityId,
        targetActivityId,
        instances,
        jobConfiguration,
        targetIsAsync,
      };
    }),
  );
  return findings.filter((finding) => finding.instances.length > 0);
}

/**
 * Open incidents. In mapped activities the engine migrates them with what they belong to
 * (MigratingIncident): a failedJob incident with its job, a failedExternalTask incident with its
 * external task, any other with its activity instance; the incident stays open on the target. In an
 * activity no instruction maps (a boundary timer event the target lacks), the job or event it
 * belongs to is removed with the migration, and the incident with it (`removed-incident`; an
 * instance that waits in that activity is refused instead, and the caller drops it here).
 */
async function incidentFindings(
  client: EngineClient,
  source: ResolvedDefinition,
  targetOf: (activityId: string) => string | undefined,
  selected: Membership,
): Promise<PreflightFinding[]> {
  const groups = new Map<
    string,
    { activityId: string; incidentType: string; removed: boolean; instances: Set<string>; incidents: number; message: string | null }
  >();
  for (const incident of await client.incidents.ofDefinition(source.id)) {
    const activityId = incident.activityId ?? incident.failedActivityId;
    const instanceId = incident.processInstanceId;
    if (!activityId || !instanceId || !selected.has(instanceId)) continue;
    const removed = targetOf(activityId) === undefined;
    const incidentType = incident.incidentType ?? 'unknown';
    const key = `${activityId}\u0000${incidentType}`;
    const group = groups.get(key) ?? {
      activityId,
      incidentType,
      removed,
      instances: new Set<string>(),
      incidents: 0,
      message: incident.incidentMessage ?? null,
    };
    group.instances.add(instanceId);
    group.incidents += 1;
    groups.set(key, group);
  }
  return [...groups.values()].map((group): PreflightFinding => ({
    kind: group.removed ? 'removed-incident' : 'incident',
    effect: 'warns',
    activityId: group.activityId,
    targetActivityId: targetOf(group.activityId) ?? null,
    instances: [...group.instances].sort(compareText),
    incidentType: group.incidentType,
    incidents: group.incidents,
    message: group.message,
  }));
}

/**
 * Instances in an activity whose instruction the engine's validation refuses (`migration validate`
 * passes the report): the engine refuses the plan, so every one of them fails with it.
 */
async function failingInstructionFindings(
  client: EngineClient,
  request: PreflightRequest,
  activeActivities: ReadonlySet<string>,
  selected: Membership,
): Promise<PreflightFinding[]> {
  const failing = (request.planReport?.instructionReports ?? []).filter((report) => report.failures.length > 0);
  const findings = await Promise.all(
    failing.map(async (report): Promise<PreflightFinding | undefined> => {
      const activityId = report.instruction?.sourceActivityIds?.[0] ?? null;
      if (activityId === null) return undefined;
      const ids = [...activeActivities].filter((id) => activityOf(id) === activityId);
      if (ids.length === 0) return undefined;
      const instances = await instancesAt(client, request.source.id, [...new Set([activityId, ...ids])], selected);
      const targetActivityId = report.instruction?.targetActivityIds?.[0] ?? null;
      return { kind: 'failing-instruction', effect: 'fails', activityId, targetActivityId, instances, failures: report.failures };
    }),
  );
  return findings.filter((finding): finding is PreflightFinding => finding !== undefined && finding.instances.length > 0);
}

/** Jobs in mapped activities that failed and are retried: they move with their instance and keep their retries. */
async function failingJobFindings(
  client: EngineClient,
  source: ResolvedDefinition,
  targetOf: (activityId: string) => string | undefined,
  selected: Membership,
): Promise<PreflightFinding[]> {
  const jobs = (await client.jobs.failingWithRetries(source.id)).filter(
    (job) => typeof job.processInstanceId === 'string' && selected.has(job.processInstanceId),
  );
  if (jobs.length === 0) return [];
  // A job names the activity it failed in; one that does not is found through its job definition.
  const definitions = jobs.some((job) => !job.failedActivityId) ? await client.jobs.definitions(source.id) : [];
  const activityOfDefinition = new Map(definitions.map((definition) => [definition.id, definition.activityId ?? null]));
  const groups = new Map<string, { instances: Set<string>; jobs: number; leastRetries: number; message: string | null }>();
  for (const job of jobs) {
    const activityId = job.failedActivityId ?? activityOfDefinition.get(job.jobDefinitionId ?? '') ?? null;
    if (!activityId || targetOf(activityId) === undefined) continue;
    const group = groups.get(activityId) ?? {
      instances: new Set<string>(),
      jobs: 0,
      leastRetries: Number.POSITIVE_INFINITY,
      message: job.exceptionMessage ?? null,
    };
    group.instances.add(job.processInstanceId!);
    group.jobs += 1;
    group.leastRetries = Math.min(group.leastRetries, job.retries ?? 0);
    groups.set(activityId, group);
  }
  return [...groups].map(([activityId, group]) => ({
    kind: 'failing-job',
    effect: 'warns',
    activityId,
    targetActivityId: targetOf(activityId) ?? null,
    instances: [...group.instances].sort(compareText),
    jobs: group.jobs,
    leastRetries: group.leastRetries,
    message: group.message,
  }));
}

/**
 * Parents and children of a call hierarchy among the instances. Found with counts first (the common
 * case, no hierarchy at all, costs three counts), then by chunks of ids; their relatives are named one
 * instance at a time, as the engine links them in no list.
 */
async function hierarchyFindings(
  client: EngineClient,
  source: ResolvedDefinition,
  instancesOnSource: Promise<number>,
  selection: IdList | undefined,
): Promise<PreflightFinding[]> {
  const onSource = { processDefinitionId: source.id };
  const [all, roots, leaves] = await Promise.all([
    instancesOnSource,
    client.processInstances.count({ ...onSource, rootProcessInstances: true }),
    client.processInstances.count({ ...onSource, leafProcessInstances: true }),
  ]);
  if (all === roots && all === leaves) return [];
  let ids = selection;
  if (ids === undefined) {
    const everyInstance = new InstanceIdSet();
    for await (const page of client.processInstances.pages(onSource)) for (const instance of page) everyInstance.add(instance.id);
    ids = everyInstance;
  }
  const [children, parents] = await Promise.all([
    all === roots ? [] : notMatching(client, ids, { rootProcessInstances: true }),
    all === leaves ? [] : notMatching(client, ids, { leafProcessInstances: true }),
  ]);
  const [parentsOfChildren, childrenOfParents] = await Promise.all([
    inParallel(children, PARALLEL, async (child) => (await client.processInstances.query({ subProcessInstance: child }, 0, 1))[0]?.definitionId ?? null),
    inParallel(parents, PARALLEL, async (parent) => {
      const definitions: string[] = [];
      for await (const page of client.processInstances.pages({ superProcessInstance: parent }))
        for (const instance of page) definitions.push(instance.definitionId);
      return definitions;
    }),
  ]);
  const labels = await definitionLabels(client, [...parentsOfChildren.filter((id): id is string => id !== null), ...childrenOfParents.flat()]);
  const findings: PreflightFinding[] = [];
  if (parents.length > 0) {
    findings.push({
      kind: 'calling',
      effect: 'warns',
      activityId: null,
      targetActivityId: null,
      instances: parents,
      children: related(childrenOfParents.flat(), labels),
    });
  }
  if (children.length > 0) {
    findings.push({
      kind: 'called',
      effect: 'warns',
      activityId: null,
      targetActivityId: null,
      instances: children,
      parents: related(
        parentsOfChildren.filter((id): id is string => id !== null),
        labels,
      ),
    });
  }
  return findings;
}

/** The ids that the filter leaves out: a count per chunk, and the chunk's rows only when it is short. */
async function notMatching(client: EngineClient, ids: IdList, filter: ProcessInstanceQueryBody): Promise<string[]> {
  const missing: string[] = [];
  const { processInstances } = client;
  for await (const { start, end, value: count } of idChunks(ids.length, { limit: processInstances.queryLimit, pageSize: IDS_PER_QUERY }, (from, to) =>
    processInstances.count({ ...filter, processInstanceIds: ids.slice(from, to) }),
  )) {
    if (count === end - start) continue;
    const chunk = ids.slice(start, end);
    const matching = new Set<string>();
    for await (const page of processInstances.pages({ ...filter, processInstanceIds: chunk })) for (const instance of page) matching.add(instance.id);
    for (const id of chunk) if (!matching.has(id)) missing.push(id);
  }
  return missing.sort(compareText);
}

/** `key:version` of each definition id, read in one listing; the id itself for one that cannot be read. */
async function definitionLabels(client: EngineClient, definitionIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(definitionIds)];
  const labels = new Map<string, string>();
  if (unique.length === 0) return labels;
  for (const definition of await client.processDefinitions.listAll({ processDefinitionIdIn: unique }))
    labels.set(definition.id, `${definition.key}:${definition.version}`);
  return labels;
}

function related(definitionIds: readonly string[], labels: ReadonlyMap<string, string>): RelatedDefinition[] {
  const counts = new Map<string, number>();
  for (const id of definitionIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts]
    .map(([definitionId, instances]) => ({ definitionId, definition: labels.get(definitionId) ?? definitionId, instances }))
    .sort((a, b) => b.instances - a.instances || compareText(a.definition, b.definition));
}

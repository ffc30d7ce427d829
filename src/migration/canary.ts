/**
 * `--canary N`: the first N instances of a run are migrated on their own (one sync execute), then
 * watched for the settle time (--canary-wait, src/change/canary-settle.ts) before the rest is sent:
 * every one on the target definition (or ended since), no incident on it that it did not have before,
 * no job of it that failed (an exception, or no retries left) and was not failing before, and none of
 * its jobs still due when the wait ends. Terminal-free, like the rest of src/migration/.
 */
import { settleCanary, type SettleClock } from '../change/canary-settle.js';
import type { CanaryObserver } from '../change/operation.js';
import type { EngineClient } from '../engine/client.js';
import { parseEngineDate } from '../engine/dates.js';
import type { Incident } from '../engine/incidents.js';
import type { Job } from '../engine/jobs.js';
import { classifyInstances } from './outcome.js';

/** A job of a canary instance that failed on the target. */
interface CanaryFailedJob {
  id: string;
  activityId: string | null;
  retries: number;
  message: string | null;
}

/** One canary instance after the migration. */
interface CanaryInstance {
  id: string;
  /** Where the engine has it now (the definition it ended on, for an ended one); null when found nowhere. */
  definitionId: string | null;
  state: 'on-target' | 'ended' | 'elsewhere';
  /** Incidents it has now that it did not have before the canary. */
  newIncidents: Pick<Incident, 'id' | 'incidentType' | 'activityId' | 'incidentMessage'>[];
  /** Its jobs that failed (an exception, or no retries left) and were not failing before the canary. */
  failedJobs: CanaryFailedJob[];
  /** Its jobs still due when the settle time ended: the engine had not run them. */
  jobsStillDue: number;
}

export interface CanaryCheck {
  passed: boolean;
  instances: CanaryInstance[];
  /** One line per problem, for the journal and the error: `ID: new incident failedJob at approve: …`. */
  problems: string[];
}

/** What the canary's instances had before they were migrated: compared by id afterwards. */
interface CanaryBefore {
  incidents: ReadonlySet<string>;
  /** Undefined when not known (a resumed journal's canary): failed jobs are then not compared. */
  failedJobs: ReadonlySet<string> | undefined;
}

/** Incident lookups at once: one request per instance (GET /incident has no list of instance ids). */
const PARALLEL_LOOKUPS = 8;

/** The open incidents of each instance. */
async function incidentsOf(client: EngineClient, ids: readonly string[]): Promise<Map<string, Incident[]>> {
  const found = new Map<string, Incident[]>();
  for (let start = 0; start < ids.length; start += PARALLEL_LOOKUPS) {
    const slice = ids.slice(start, start + PARALLEL_LOOKUPS);
    const answers = await Promise.all(slice.map((id) => client.incidents.ofInstance(id)));
    slice.forEach((id, index) => found.set(id, answers[index]!));
  }
  return found;
}

/** The ids of the open incidents of `ids`: what the canary is compared with afterwards. */
export async function incidentIdsOf(client: EngineClient, ids: readonly string[]): Promise<string[]> {
  return [...(await incidentsOf(client, ids)).values()].flat().map((incident) => incident.id);
}

/** A job that failed: it has an exception, or no retries left. */
function failed(job: Job): boolean {
  return (job.exceptionMessage ?? null) !== null || job.retries === 0;
}

/** A job the engine would run now: retries left, not suspended, no due date or one that has passed. */
function dueNow(job: Job, now: number): boolean {
  if (failed(job) || job.suspended === true) return false;
  if (job.dueDate === null || job.dueDate === undefined) return true;
  const due = parseEngineDate(job.dueDate) ?? new Date(job.dueDate);
  return Number.isNaN(due.getTime()) || due.getTime() <= now;
}

/** The ids of the failed jobs of `ids` before the canary. */
export async function failedJobIdsOf(client: EngineClient, ids: readonly string[]): Promise<string[]> {
  return (await client.jobs.ofInstances(ids)).filter(failed).map((job) => job.id);
}

export interface CanaryRunToCheck {
  ids: readonly string[];
  sourceDefinitionId: string;
  targetDefinitionId: string;
  before: CanaryBefore;
}

/** One look at the canary's instances: where they are, their new incidents, failed and due jobs. */
async function lookAt(client: EngineClient, run: CanaryRunToCheck, now: () => number): Promise<{ check: CanaryCheck; dueNow: number }> {
  const [outcomes, incidents, jobs] = await Promise.all([
    classifyInstances(client.processInstances, run.ids, run.sourceDefinitionId, run.targetDefinitionId),
    incidentsOf(client, run.ids),
    client.jobs.ofInstances(run.ids),
  ]);
  const at = now();
  const problems: string[] = [];
  let due = 0;
  const instances = outcomes.map((outcome): CanaryInstance => {
    const state = outcome.outcome === 'migrated' || outcome.outcome === 'already-migrated' ? 'on-target' : outcome.outcome === 'ended' ? 'ended' : 'elsewhere';
    const newIncidents = (incidents.get(outcome.id) ?? [])
      .filter((incident) => !run.before.incidents.has(incident.id))
      .map(({ id, incidentType, activityId, incidentMessage }) => ({ id, incidentType, activityId, incidentMessage }));
    const own = jobs.filter((job) => job.processInstanceId === outcome.id);
    const failedJobs = own
      .filter((job) => failed(job) && run.before.failedJobs !== undefined && !run.before.failedJobs.has(job.id))
      .map((job) => ({ id: job.id, activityId: job.failedActivityId ?? null, retries: job.retries ?? 0, message: job.exceptionMessage ?? null }));
    const jobsDue = own.filter((job) => dueNow(job, at)).length;
    due += jobsDue;
    if (state === 'elsewhere') {
      problems.push(`${outcome.id}: ${outcome.definitionId === null ? 'found nowhere' : `on ${outcome.definitionId}`}, not on the target definition`);
    }
    for (const incident of newIncidents) {
      problems.push(
        `${outcome.id}: new incident ${incident.incidentType ?? '(no type)'} at ${incident.activityId ?? '(no activity)'}: ${oneLine(incident.incidentMessage ?? '(no message)')}`,
      );
    }
    for (const job of failedJobs) {
      problems.push(
        `${outcome.id}: job ${job.id} failed at ${job.activityId ?? '(no activity)'} (${job.retries} ${job.retries === 1 ? 'retry' : 'retries'} left): ${oneLine(job.message ?? '(no message)')}`,
      );
    }
    return { id: outcome.id, definitionId: outcome.definitionId, state, newIncidents, failedJobs, jobsStillDue: jobsDue };
  });
  return { check: { passed: problems.length === 0, instances, problems }, dueNow: due };
}

/**
 * Checks the canary's instances, watching them for up to `waitMs` (--canary-wait) while jobs of
 * theirs are due now: the check of the last look, and a problem for jobs the wait left due (the
 * engine did not run them: a job executor that is off or busy, or a wait too short).
 */
export async function checkCanary(client: EngineClient, run: CanaryRunToCheck, waitMs = 0, clock?: SettleClock): Promise<CanaryCheck> {
  const now = clock ? () => clock.now() : () => Date.now();
  let last: CanaryCheck | undefined;
  const observer: CanaryObserver = {
    look: async () => {
      const { check, dueNow: due } = await lookAt(client, run, now);
      last = check;
      return { problems: check.problems, dueNow: due };
    },
  };
  const settled = await settleCanary(observer, waitMs, clock);
  const check = last!;
  if (!settled.timedOut) return check;
  const stillDue = check.instances.filter((instance) => instance.jobsStillDue > 0);
  const problems = [
    ...check.problems,
    ...stillDue.map(
      (instance) =>
        `${instance.id}: ${instance.jobsStillDue} job${instance.jobsStillDue === 1 ? '' : 's'} still due after --canary-wait ${waitMs / 1000}s: the engine has not run ${instance.jobsStillDue === 1 ? 'it' : 'them'} (is its job executor running?)`,
    ),
  ];
  return { passed: problems.length === 0, instances: check.instances, problems };
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

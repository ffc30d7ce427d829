/** What the `job` commands do (declared in ./job.ts). */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { describeFailure } from '../exit.js';
import { CliError, ExitCode, UsageError } from '../exit-codes.js';
import { executeJobs, type JobExecution } from '../jobs/execute.js';
import { jobPages, selectJobs } from '../jobs/list.js';
import { summarizeJobs } from '../jobs/summary.js';
import type { Output } from '../render/output.js';
import { jobExecutionView, jobListView, jobSummaryView, jobTableRow } from '../render/job.js';
import { plural } from '../util/text.js';
import { definitionFilter, filterText, refusePagingWithSummary } from './runtime-filters.js';
import type { JOB_LIST_FLAGS } from './job-flags.js';
import { listWithLimit } from './listing.js';
import { paging } from './options.js';
import type { FlagsOf } from './spec.js';

export async function listJobs(app: App, flags: FlagsOf<typeof JOB_LIST_FLAGS>): Promise<void> {
  const filter = {
    ...definitionFilter(flags),
    activityId: filterText(flags.activity, '--activity'),
    failed: flags.failed,
    retrying: flags.retrying,
    exception: filterText(flags.exception, '--exception'),
  };
  refusePagingWithSummary(flags);
  const page = paging(flags);
  const client = await engineClient(app, { bulk: flags.summary === true || page.maxResults === undefined });
  const selection = await selectJobs(client, filter);
  const output = await app.output();
  if (flags.summary) {
    await output.data(await summarizeJobs(client, selection), jobSummaryView);
    return;
  }
  await listWithLimit(output, {
    page,
    fetchPage: (firstResult, maxResults) => client.jobs.page(selection.query, firstResult, maxResults),
    pages: (options) => jobPages(client, selection, options),
    view: jobListView,
    noun: 'jobs',
    limit: client.http.queryLimit,
    tableRow: jobTableRow,
  });
}

/**
 * The code when not every job ran: some ran, 8 (partial success); none ran, the code of why, when
 * all share one (5 not found, 4 refused, 6 the job failed), else 8.
 */
function notRunCode(results: readonly JobExecution[]): ExitCode {
  if (results.some((result) => result.outcome === 'executed')) return ExitCode.Partial;
  const outcomes = new Set(results.map((result) => result.outcome));
  if (outcomes.size > 1) return ExitCode.Partial;
  return outcomes.has('not-found') ? ExitCode.NotFound : outcomes.has('refused') ? ExitCode.AuthRefused : ExitCode.EngineRejected;
}

/**
 * A run that stopped at a job whose answer was not the engine's about it (unreachable, 401): what ran
 * before is shown, and the code is 8 when some jobs ran, else the failure's own.
 */
async function stoppedAfter(output: Output, results: readonly JobExecution[], total: number, error: unknown): Promise<unknown> {
  if (results.length === 0) return error;
  const failure = describeFailure(error);
  if (failure.internal) return error;
  await output.data(results, jobExecutionView);
  const ran = results.filter((result) => result.outcome === 'executed').length;
  return new CliError(
    `stopped after ${results.length} of ${plural(total, 'job')} (${ran} ran): ${failure.message}`,
    ran > 0 ? ExitCode.Partial : failure.exitCode,
    failure.hint,
  );
}

export async function executeJob(app: App, ids: string[]): Promise<void> {
  for (const id of ids) if (id.trim() === '') throw new UsageError('a job id must not be empty');
  // A job named twice runs once: running it again would be a second execution, not a repetition.
  const unique = [...new Set(ids)];
  const client = await engineClient(app);
  const output = await app.output();
  const results: JobExecution[] = [];
  try {
    await executeJobs(client.jobs, unique, (result) => results.push(result));
  } catch (error) {
    throw await stoppedAfter(output, results, unique.length, error);
  }
  await output.data(results, jobExecutionView);
  const notRun = results.filter((result) => result.outcome !== 'executed');
  if (notRun.length === 0) {
    output.info(`executed ${plural(results.length, 'job')}`);
    return;
  }
  const counts = (['failed', 'not-found', 'refused'] as const)
    .map((outcome) => [outcome, notRun.filter((result) => result.outcome === outcome).length] as const)
    .filter(([, count]) => count > 0)
    .map(([outcome, count]) => `${count} ${outcome === 'not-found' ? 'not found' : outcome}`);
  throw new CliError(`${notRun.length} of ${plural(results.length, 'job')} did not run (${counts.join(', ')})`, notRunCode(results));
}

export { retryJobs } from './job-retry-run.js';

/**
 * What `job retry` and `external-task retry` do (declared in ./job-retry.ts; re-exported by the families' ./job-actions.ts and ./external-task-actions.ts, which src/cli.ts loads):
 * the flags turned into a selection of failed objects and the retry operation, run as a bulk command.
 */
import type { App } from '../app.js';
import { failedExternalTaskKind } from '../bulk/external-task-kind.js';
import { failedJobKind } from '../bulk/job-kind.js';
import { externalTaskRetriesOperation } from '../bulk/operations/external-task-retries.js';
import { jobRetriesOperation } from '../bulk/operations/job-retries.js';
import { hasRetryFilters, retryFilterQuery, type RetryFilters } from '../bulk/retry-filters.js';
import { parseDateInput } from '../engine/dates.js';
import { UsageError } from '../exit-codes.js';
import { bulkRequest } from './bulk-flags.js';
import { runBulkCommand } from './bulk-host.js';
import type { ExternalTaskRetryFlags, JobRetryFlags } from './job-retry-flags.js';
import { wholeNumber } from './options.js';

function filtersOf(flags: JobRetryFlags | ExternalTaskRetryFlags): RetryFilters {
  if (flags.version !== undefined && flags.key === undefined) throw new UsageError('--version needs --key');
  if (flags.exception !== undefined && flags.exception.trim() === '') throw new UsageError('--exception: give a part of the message');
  return {
    key: flags.key,
    version: wholeNumber(flags.version, '--version', 1),
    definitionId: flags.definitionId,
    activity: flags.activity,
    exception: flags.exception,
    failed: flags.failed,
  };
}

/** --retries N: at least 1 (0 would leave the objects failed), at most the engine's int. */
function retriesOf(text: string | undefined): number {
  return wholeNumber(text, '--retries', 1, 2_147_483_647) ?? 1;
}

/** --due-date D: a date, or `now` for none (the job is due at once); absent: the due dates stay. */
function dueDateOf(text: string | undefined): Date | null | undefined {
  if (text === undefined) return undefined;
  if (text.trim().toLowerCase() === 'now') return null;
  const date = parseDateInput(text);
  if (date === undefined) throw new UsageError(`--due-date: '${text}' is no date (ISO 8601 such as 2026-01-31T10:00:00Z, or now)`);
  return date;
}

export async function retryJobs(app: App, flags: JobRetryFlags): Promise<void> {
  const filters = filtersOf(flags);
  const retries = retriesOf(flags.retries);
  const dueDate = dueDateOf(flags.dueDate);
  const request = bulkRequest(flags, ['job', 'retry'], hasRetryFilters(filters));
  await runBulkCommand(
    app,
    {
      command: 'camunda-admin job retry',
      kind: (client) => failedJobKind(client, { exception: filters.exception }),
      operation: (client) => jobRetriesOperation({ client, retries, dueDate }),
      filters: (client) => retryFilterQuery(client, filters),
    },
    request,
  );
}

export async function retryExternalTasks(app: App, flags: ExternalTaskRetryFlags): Promise<void> {
  const filters = filtersOf(flags);
  const retries = retriesOf(flags.retries);
  const request = bulkRequest(flags, ['external-task', 'retry'], hasRetryFilters(filters));
  await runBulkCommand(
    app,
    {
      command: 'camunda-admin external-task retry',
      kind: (client) => failedExternalTaskKind(client, { exception: filters.exception }),
      operation: (client) => externalTaskRetriesOperation({ client, retries }),
      filters: (client) => retryFilterQuery(client, filters),
    },
    request,
  );
}

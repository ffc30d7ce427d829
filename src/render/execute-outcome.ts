/**
 * The outcome of `migration execute` on stdout: the request bodies of a dry run, the id of a batch
 * created without --wait, and the summary of where every instance is. The failure, if any, is thrown
 * after it is printed (src/exit.ts gives it its exit code).
 */
import type { Writable } from 'node:stream';
import type { ExecuteOutcome } from '../migration/execute-run.js';
import type { MigrationOutcome } from '../migration/run-types.js';
import { writeExecutionRequests, writeExecutionRequestsYaml } from './dry-run.js';
import { executionView, summarize } from './execution.js';
import type { Output } from './output.js';

export async function printExecuteOutcome(output: Output, stdout: Writable, outcome: ExecuteOutcome): Promise<void> {
  if (outcome.kind === 'dry-run') {
    await printDryRun(output, stdout, outcome);
    return;
  }
  if (outcome.kind === 'nothing-to-migrate' && !outcome.result) return;
  if (outcome.batch) {
    if (output.machineReadable) await output.data(outcome.batch, { table: () => '' });
    else output.raw(`${outcome.batch.id}\n`);
  }
  if (outcome.result) await output.data(summarize(outcome.result), executionView);
  if (outcome.failure) throw outcome.failure;
}

/** The request bodies of a dry run on stdout: JSON as sent, or YAML with -o yaml. */
async function printDryRun(
  output: Output,
  stdout: Writable,
  dryRun: Extract<MigrationOutcome, { kind: 'dry-run' }> & Pick<ExecuteOutcome, 'urls'>,
): Promise<void> {
  const url = dryRun.async ? dryRun.urls.executeAsync : dryRun.urls.execute;
  // JSON is the request as sent, also in table output; -o yaml asks for the same bodies as YAML.
  const writeRequests = output.format === 'yaml' ? writeExecutionRequestsYaml : writeExecutionRequests;
  if (dryRun.chunkSize === undefined && dryRun.canary === undefined) {
    await writeRequests(stdout, dryRun.template, dryRun.idLists, false);
    output.info(`dry run: would POST ${url} for ${dryRun.ids} instances; nothing was sent`);
    return;
  }
  await writeRequests(stdout, dryRun.template, dryRun.idLists, true);
  if (dryRun.canary !== undefined) {
    // The canary is always a sync execute, also before a batch.
    const rest = dryRun.idLists.length - 1;
    const then =
      rest === 0
        ? ''
        : `, then ${dryRun.async ? `POST ${url}` : rest === 1 ? 'once more' : `${rest} more times (chunks of ${dryRun.chunkSize})`} for the other ${dryRun.ids - dryRun.canary}`;
    output.info(
      `dry run: would POST ${dryRun.urls.execute} for a canary of ${dryRun.canary} instance${dryRun.canary === 1 ? '' : 's'}${then}; nothing was sent`,
    );
    return;
  }
  output.info(`dry run: would POST ${url} ${dryRun.idLists.length} times (chunks of ${dryRun.chunkSize}) for ${dryRun.ids} instances; nothing was sent`);
}

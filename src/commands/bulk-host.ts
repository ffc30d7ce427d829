/**
 * The terminal side of a bulk run (src/bulk/run.ts): its events as lines, the preview as a table on
 * stderr, the question, Ctrl-C and the batch progress; and the command's one call: the use case run
 * with this host, its outcome printed. Every bulk command (`instance suspend`, `job retry`, ...) ends
 * in `runBulkCommand`.
 */
import type { App } from '../app.js';
import type { BulkRunRequest, BulkHost, BulkSpec } from '../bulk/run-types.js';
import { runBulk } from '../bulk/run.js';
import type { ChangeEvent, GroupEvent } from '../change/events.js';
import { engineClient, engineTarget } from '../connection.js';
import type { EngineClient } from '../engine/client.js';
import { asChangeFailure } from '../exit.js';
import { CliError } from '../exit-codes.js';
import type { ChangeWords } from '../change/operation.js';
import { describeBulkEvent, previewTable } from '../render/bulk.js';
import { printBulkOutcome } from '../render/bulk-outcome.js';
import { describeChangeEvent } from '../render/change-events.js';
import { followBatch } from './follow-batch.js';
import { currentEngine } from './migration-host.js';

async function bulkHost(app: App, words: ChangeWords): Promise<BulkHost> {
  const output = await app.output();
  return {
    emit: (event: ChangeEvent | GroupEvent) => {
      for (const line of describeChangeEvent(event as ChangeEvent, words)) output[line.level](line.text);
    },
    emitBulk: (event) => {
      for (const line of describeBulkEvent(event)) output[line.level](line.text);
    },
    // What the operator is about to confirm: shown unless --quiet, and always before a dry run's requests.
    showPreview: (preview) => {
      if (!output.quiet) output.detailTable({ table: previewTable }, preview);
    },
    confirm: async (question) => {
      try {
        await app.confirm(question);
      } catch (error) {
        throw error instanceof CliError ? asChangeFailure(error) : error;
      }
    },
    takeOverInterrupt: (handler) => app.interrupt.takeOver(handler),
    followBatch: (batchId, intervalMs, timeoutMs) => followBatch(app, batchId, { intervalMs, timeoutMs, created: true }),
  };
}

/** Runs a bulk command: the use case with the terminal's host, and its outcome on stdout. */
export async function runBulkCommand<R, O extends string, D extends object>(app: App, spec: BulkSpec<R, O, D>, request: BulkRunRequest): Promise<void> {
  app.refuseStdinClash({ '--instances-file': request.selection.instancesFile, '--query': request.selection.queryFile });
  const output = await app.output();
  const target = await engineTarget(app);
  let client: EngineClient | undefined;
  const outcome = await runBulk(
    {
      stdin: app.io.stdin,
      client: async ({ bulk }) => (client = await engineClient(app, { bulk })),
      engine: () => currentEngine(app),
      host: (engine) => bulkHost(app, spec.operation(engine).words),
      user: target.credentials?.type === 'basic' ? target.credentials.username.value : undefined,
      warn: (message) => output.warn(message),
    },
    spec,
    request,
  );
  await printBulkOutcome(output, spec.operation(client!), outcome);
}

/** The terminal side of the migration pipeline (src/migration/pipeline.ts): its events as lines, tables, prompts, Ctrl-C, batch progress. */
import type { App } from '../app.js';
import type { ChangeEvent, GroupEvent } from '../change/events.js';
import type { JournalEngine } from '../change/journal.js';
import { engineClient, engineTarget } from '../connection.js';
import type { EngineClient } from '../engine/client.js';
import { asChangeFailure } from '../exit.js';
import { CliError } from '../exit-codes.js';
import type { MigrationHost } from '../migration/run-types.js';
import { describeChangeEvent, MIGRATION_WORDS } from '../render/change-events.js';
import { canaryTable, instanceReportTable, planReportTable } from '../render/execution.js';
import { preflightTable, validationView } from '../render/migration.js';
import { describeGroupEvent } from '../render/sweep.js';
import { followBatch } from './follow-batch.js';

export async function migrationHost(app: App, client: EngineClient): Promise<MigrationHost> {
  const output = await app.output();
  return {
    client,
    emit: (event: ChangeEvent | GroupEvent) => {
      const lines = isGroupEvent(event) ? describeGroupEvent(event) : describeChangeEvent(event, MIGRATION_WORDS);
      for (const line of lines) output[line.level](line.text);
    },
    showValidation: (result) => output.detailTable(validationView, result),
    // Warnings are for the operator about to confirm (--quiet hides them); a failure explains the error to come.
    showPreflight: (report) => {
      if (report.summary.failures === 0 && output.quiet) return;
      output.detailTable({ table: preflightTable }, report);
    },
    showPlanReport: (report) => output.detailTable({ table: planReportTable }, report),
    showInstanceReport: (report) => output.detailTable({ table: instanceReportTable }, report),
    // A passed canary is progress (--quiet hides it); a failed one explains the error to come.
    showCanary: (check) => {
      if (check.passed && output.quiet) return;
      output.detailTable({ table: canaryTable }, check);
    },
    // The app's refusals (no, or Ctrl-C at the prompt) reach the pipeline as failed changes.
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

function isGroupEvent(event: ChangeEvent | GroupEvent): event is GroupEvent {
  return (
    event.type === 'group-started' || event.type === 'group-batch-earlier' || event.type === 'nothing-left-anywhere' || event.type === 'stopping-after-group'
  );
}

/** The engine this run talks to, as a journal records it. */
export async function currentEngine(app: App): Promise<JournalEngine> {
  const [target, client] = await Promise.all([engineTarget(app), engineClient(app)]);
  return { url: target.url.value, name: target.engine?.value ?? 'default', version: await client.system.version() };
}

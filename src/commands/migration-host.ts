/** The terminal side of the migration pipeline (src/migration/pipeline.ts): messages, tables, prompts, Ctrl-C, batch progress. */
import type { App } from '../app.js';
import { engineClient, engineTarget } from '../connection.js';
import type { EngineClient } from '../engine/client.js';
import type { JournalEngine } from '../change/journal.js';
import type { MigrationHost } from '../migration/pipeline.js';
import { canaryTable, instanceReportTable, planReportTable } from '../render/execution.js';
import { preflightTable, validationView } from '../render/migration.js';
import { followBatch } from './follow-batch.js';

export async function migrationHost(app: App, client: EngineClient): Promise<MigrationHost> {
  const output = await app.output();
  return {
    client,
    info: (message) => output.info(message),
    warn: (message) => output.warn(message),
    detail: (message) => output.detail(message),
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
    confirm: (question) => app.confirm(question),
    takeOverInterrupt: (handler) => app.interrupt.takeOver(handler),
    followBatch: (batchId, intervalMs, timeoutMs) => followBatch(app, batchId, { intervalMs, timeoutMs, created: true }),
  };
}

/** The engine this run talks to, as a journal records it. */
export async function currentEngine(app: App): Promise<JournalEngine> {
  const [target, client] = await Promise.all([engineTarget(app), engineClient(app)]);
  return { url: target.url.value, name: target.engine?.value ?? 'default', version: await client.system.version() };
}

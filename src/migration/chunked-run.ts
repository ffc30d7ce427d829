/**
 * The canary of a migration run, for the change pipeline (src/change/run-types.ts CanaryRunner): before
 * a sync or async run, the first instances on their own; in a chunked run, journalled as its first
 * chunk, and continued from a resumed journal. Its send and check are ./canary-run.ts's.
 */
import type { Journal } from '../change/journal.js';
import type { CanaryRunner } from '../change/run-types.js';
import { canaryVerdict, runCanary } from './canary-run.js';
import { checkCanary } from './canary.js';
import { classifyInstances } from './outcome.js';
import type { MigrationHost, PreparedMigration, RunMode } from './run-types.js';

export function migrationCanary(
  host: MigrationHost,
  prepared: PreparedMigration,
  run: { ids: string[]; mode: RunMode; canary: number | undefined },
): CanaryRunner {
  return {
    // Without a journal a stopped run is not resumed: run again, and the selection finds what is left.
    beforeWhole: (ids, remaining) =>
      runCanary(host, prepared, {
        ids,
        remaining,
        journal: undefined,
        chunk: 1,
        total: 2,
        resumeHint: '; run the command again for the rest (a query or --all-instances finds the instances still on the source)',
      }),
    ofChunked: (journal) =>
      run.mode.kind === 'chunked'
        ? canaryOfChunkedRun(host, prepared, { ...run, chunkSize: run.mode.chunkSize, journalFile: run.mode.journalFile }, journal)
        : Promise.reject(new Error('not a chunked run')),
  };
}

/**
 * The canary of a chunked run, journalled as its first chunk. A resumed run continues the journal's
 * canary: one sent and not yet checked is checked now (its instances on the target against the
 * incidents they had before); one checked is not repeated; none sent yet is sent now.
 */
async function canaryOfChunkedRun(
  host: MigrationHost,
  prepared: PreparedMigration,
  run: { ids: string[]; canary: number | undefined; chunkSize: number; journalFile: string },
  journal: Journal,
): ReturnType<CanaryRunner['ofChunked']> {
  const { context } = prepared;
  const resumed = prepared.resumed?.state;
  const earlier = resumed?.canary;
  const resumeHint = `; continue with --resume (journal ${run.journalFile})`;
  const none = { canary: undefined, ran: false, chunk: 0, sent: [], rest: run.ids };
  if (earlier?.passed === false) {
    host.emit({ type: 'canary-failed-earlier', journal: run.journalFile, problem: earlier.problems[0] });
    return none;
  }
  if (earlier?.passed === true) return none;
  if (earlier) {
    // Sent before, never checked: those of its instances the engine has on the target are its result.
    const outcomes = await classifyInstances(context.client.processInstances, earlier.ids, context.source.id, context.target.id);
    const moved = outcomes.filter((outcome) => outcome.outcome === 'migrated' || outcome.outcome === 'ended').map((outcome) => outcome.id);
    if (moved.length > 0) {
      host.emit({ type: 'canary-check-resumed', journal: run.journalFile, count: moved.length });
      const before = { incidents: new Set(earlier.incidentsBefore), failedJobs: undefined };
      const check = await checkCanary(
        context.client,
        { ids: moved, sourceDefinitionId: context.source.id, targetDefinitionId: context.target.id, before },
        prepared.canaryWaitMs,
      );
      const canary = await canaryVerdict(host, prepared, check, { remaining: run.ids.length, journal, chunk: earlier.chunk, resumeHint });
      return { canary, ran: false, chunk: earlier.chunk, sent: [], rest: run.ids };
    }
  }
  if (run.canary === undefined || run.ids.length === 0) return none;
  const ids = run.ids.slice(0, run.canary);
  const rest = run.ids.slice(ids.length);
  const chunk = resumed ? resumed.lastChunk + 1 : 1;
  const total = 1 + Math.ceil(rest.length / run.chunkSize);
  const canary = await runCanary(host, prepared, { ids, remaining: rest.length, journal, chunk, total, resumeHint });
  return { canary, ran: true, chunk, sent: ids, rest };
}

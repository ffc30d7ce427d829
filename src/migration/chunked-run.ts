/**
 * A chunked run of a migration: its journal started (or continued), the canary as its first chunk,
 * the chunks sent by the change pipeline (src/change/chunks.ts), Ctrl-C handled there, and the
 * outcome of every instance of the journal.
 */
import { chunkName, chunkSummary, runChunks } from '../change/chunks.js';
import { ChangeFailedError } from '../change/errors.js';
import { twoStepStop } from '../change/host.js';
import { Journal, type JournalEngine } from '../change/journal.js';
import { canaryVerdict, runCanary } from './canary-run.js';
import { checkCanary } from './canary.js';
import { finish } from './execute.js';
import { migrationSender } from './operation.js';
import { classifyInstances } from './outcome.js';
import { explainRefusal, messageOf } from './refusal.js';
import type { CanaryPhase, MigrationHost, PreparedMigration, RunOutcome } from './run-types.js';
import type { MigrationJournalState, MigrationScope } from './journal-scope.js';

export interface ChunkedRunSettings {
  ids: string[];
  /** The whole selection of the journal: what the outcome is asked for. */
  allIds: string[];
  chunkSize: number;
  journalFile: string;
  replaceJournal: boolean;
  resumed: MigrationJournalState | undefined;
  plan: string;
  engine: JournalEngine;
  /** --canary N, or the journal's. */
  canary: number | undefined;
}

export async function runChunked(host: MigrationHost, prepared: PreparedMigration, run: ChunkedRunSettings, startedAt: Date): Promise<RunOutcome> {
  const { context } = prepared;
  const now = () => new Date().toISOString();
  let journal;
  if (run.resumed) {
    journal = (await Journal.resume<MigrationScope>(run.journalFile)).journal;
    await journal.append({ event: 'resume', at: now(), pending: run.ids.length, alreadyDone: run.resumed.confirmed.size });
  } else {
    const scope = { plan: run.plan, sourceProcessDefinitionId: context.source.id, targetProcessDefinitionId: context.target.id };
    journal = await Journal.create(run.journalFile, Journal.startOf({ engine: run.engine, scope, chunkSize: run.chunkSize, canary: run.canary, ids: run.ids }), { replace: run.replaceJournal });
  }

  const stop = twoStepStop(host);
  let outcome;
  let canary: CanaryPhase | undefined;
  const canaryIds: string[] = [];
  // The chunks of a run stopped after its canary: the canary, and what was not sent.
  const afterCanary = (rest: number) => chunkSummary(journal.file, run.chunkSize, { total: 1 + Math.ceil(rest / run.chunkSize), done: 1 });
  try {
    const phase = await canaryOfChunkedRun(host, prepared, run, journal);
    canary = phase.canary;
    canaryIds.push(...phase.sent);
    if (canary?.failure) {
      outcome = undefined;
    } else if (stop.stopRequested() && phase.ran) {
      await journal.append({ event: 'interrupted', at: now() });
      outcome = { failure: undefined, changedElsewhere: new Set<string>(), sent: new Set<string>(), interrupted: true, chunks: afterCanary(phase.rest.length) };
    } else {
      outcome = await runChunks(
        migrationSender(context),
        {
          ids: phase.rest,
          chunkSize: run.chunkSize,
          resumed: run.resumed,
          before: phase.ran ? { chunks: 1, lastChunk: phase.chunk } : undefined,
          stopRequested: stop.stopRequested,
          abandon: stop.abandon,
          emit: (event) => host.emit(event),
        },
        journal,
      );
    }
  } finally {
    stop.release();
    await journal.close();
  }

  // Migrated by this run: what its journal sent. An instance on the target that it never sent, or that
  // was on the target already when its chunk was refused, another run moved there.
  const sentIds = new Set([...(outcome?.sent ?? []), ...canaryIds]);
  for (const event of run.resumed?.events ?? []) if (event.event === 'sent') for (const id of event.ids) sentIds.add(id);
  const movedElsewhere = new Set([...(run.resumed?.elsewhere ?? []), ...(outcome?.changedElsewhere ?? []), ...run.allIds.filter((id) => !sentIds.has(id))]);
  const chunks = outcome?.chunks ?? afterCanary(run.ids.length - canaryIds.length);
  const result = await finish(context, { mode: 'chunked', ids: run.allIds, startedAt, chunks, movedElsewhere, canary: canary?.summary });
  const byAnother = result.outcome['already-migrated'];
  if (byAnother > 0) host.emit({ type: 'changed-by-another', count: byAnother });
  if (canary?.failure) return { result, batch: undefined, failure: canary.failure };
  if (!outcome) return { result, batch: undefined, failure: undefined };
  if (outcome.interrupted) {
    return {
      result,
      batch: undefined,
      failure: new ChangeFailedError(`interrupted after ${outcome.chunks.done} chunk${outcome.chunks.done === 1 ? '' : 's'}; continue with --resume (journal ${run.journalFile})`, 'interrupted'),
    };
  }
  if (outcome.failure) {
    const failed = outcome.failure;
    const chunk = chunkName(failed);
    const cause = explainRefusal(host, failed.error, `${chunk} was rolled back`);
    const reason = messageOf(cause);
    const ids = (wanted: (outcome: string) => boolean) => result.instances.filter((instance) => wanted(instance.outcome)).map((instance) => instance.id);
    const migrated = ids((found) => found === 'migrated');
    host.emit({ type: 'outcome-lists', done: migrated, elsewhere: ids((found) => found === 'already-migrated'), notDone: ids((found) => found !== 'migrated' && found !== 'ended') });
    const message = failed.outcomeUnknown
      ? `${chunk}: the answer does not say whether it was migrated (${reason}); the lists above are where the engine has the instances now; --resume checks again before sending any (journal ${run.journalFile})`
      : `${chunk} failed: ${reason}; fix the cause, then continue with --resume (journal ${run.journalFile})`;
    // Some migrated: partly done. None: the chunk's own failure says what it was.
    return { result, batch: undefined, failure: new ChangeFailedError(message, migrated.length > 0 ? 'partial' : 'as-cause', { cause }) };
  }
  return { result, batch: undefined, failure: undefined };
}

/**
 * The canary of a chunked run, journalled as its first chunk. A resumed run continues the journal's
 * canary: one sent and not yet checked is checked now (its instances on the target against the
 * incidents they had before); one checked is not repeated; none sent yet is sent now.
 */
async function canaryOfChunkedRun(
  host: MigrationHost,
  prepared: PreparedMigration,
  run: ChunkedRunSettings,
  journal: Journal,
): Promise<{ canary: CanaryPhase | undefined; ran: boolean; chunk: number; sent: string[]; rest: string[] }> {
  const { context } = prepared;
  const earlier = run.resumed?.canary;
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
      const check = await checkCanary(context.client, { ids: moved, sourceDefinitionId: context.source.id, targetDefinitionId: context.target.id, before }, prepared.canaryWaitMs);
      const canary = await canaryVerdict(host, prepared, check, { remaining: run.ids.length, journal, chunk: earlier.chunk, resumeHint });
      return { canary, ran: false, chunk: earlier.chunk, sent: [], rest: run.ids };
    }
  }
  if (run.canary === undefined || run.ids.length === 0) return none;
  const ids = run.ids.slice(0, run.canary);
  const rest = run.ids.slice(ids.length);
  const chunk = run.resumed ? run.resumed.lastChunk + 1 : 1;
  const total = 1 + Math.ceil(rest.length / run.chunkSize);
  const canary = await runCanary(host, prepared, { ids, remaining: rest.length, journal, chunk, total, resumeHint });
  return { canary, ran: true, chunk, sent: ids, rest };
}

/**
 * The canary of a bulk run (--canary N, src/change/run-types.ts CanaryRunner): the first N objects
 * sent on their own (one synchronous request, the first chunk of a journal when there is one),
 * checked on the engine (every one changed, or ended since; and what the operation watches for
 * --canary-wait, when it watches anything), then the question whether to send the rest.
 */
import { canaryProblemsText, settleCanary } from '../change/canary-settle.js';
import { ChangeFailedError, messageOf } from '../change/errors.js';
import type { Journal, JournalState } from '../change/journal.js';
import type { CanaryRunner, CanaryStep } from '../change/run-types.js';
import { outcomeUnknown } from '../engine/errors.js';
import type { BulkOperation } from './operation.js';
import type { BulkHost } from './run-types.js';

interface CanaryContext {
  host: BulkHost;
  operation: BulkOperation<never, string, object>;
  canaryWaitMs: number;
  resumed: JournalState | undefined;
  /** --canary N, or the resumed journal's. */
  size: number | undefined;
  /** The chunk size of a chunked run. */
  chunkSize: number | undefined;
}

export function bulkCanary(context: CanaryContext, journalFile: string | undefined): CanaryRunner {
  return {
    beforeWhole: (ids, remaining) =>
      sendCanary(context, { ids, remaining, journal: undefined, chunk: 1, total: 2, resumeHint: '; run the command again for the rest' }),
    ofChunked: async (journal, ids) => {
      const resumeHint = `; continue with --resume (journal ${journalFile ?? journal.file})`;
      const none = { canary: undefined, ran: false, chunk: 0, sent: [], rest: ids };
      const earlier = context.resumed?.canary;
      if (earlier?.passed === false) {
        context.host.emit({ type: 'canary-failed-earlier', journal: journal.file, problem: earlier.problems[0] });
        return none;
      }
      if (earlier?.passed === true) return none;
      if (earlier) {
        // Sent before and never checked: checked now.
        context.host.emit({ type: 'canary-check-resumed', journal: journal.file, count: earlier.ids.length });
        const canary = await verdict(context, await checkCanary(context, earlier.ids), {
          size: earlier.ids.length,
          remaining: ids.length,
          journal,
          chunk: earlier.chunk,
          resumeHint,
        });
        return { canary, ran: false, chunk: earlier.chunk, sent: [], rest: ids };
      }
      const { size } = context;
      if (size === undefined || ids.length === 0) return none;
      const canaryIds = ids.slice(0, size);
      const rest = ids.slice(canaryIds.length);
      const chunk = context.resumed ? context.resumed.lastChunk + 1 : 1;
      const total = 1 + Math.ceil(rest.length / (context.chunkSize ?? Math.max(1, rest.length)));
      const canary = await sendCanary(context, { ids: canaryIds, remaining: rest.length, journal, chunk, total, resumeHint });
      return { canary, ran: true, chunk, sent: canaryIds, rest };
    },
  };
}

interface CanarySend {
  ids: string[];
  remaining: number;
  journal: Journal | undefined;
  chunk: number;
  total: number;
  resumeHint: string;
}

async function sendCanary(context: CanaryContext, run: CanarySend): Promise<CanaryStep> {
  const { operation, host } = context;
  const at = () => new Date().toISOString();
  await run.journal?.append({ event: 'sent', chunk: run.chunk, ids: run.ids, at: at(), canary: true, incidentsBefore: [] });
  try {
    await operation.sendChunk(run.ids);
  } catch (error) {
    const unknown = outcomeUnknown(error);
    await run.journal?.append({ event: unknown ? 'unknown' : 'failed', chunk: run.chunk, error: messageOf(error), at: at() });
    if (unknown && run.journal) {
      throw new ChangeFailedError(
        `the canary: the answer does not say whether it was ${operation.words.done} (${messageOf(error)}); --resume asks the engine and checks it before sending more (journal ${run.journal.file})`,
        'unreachable',
      );
    }
    throw operation.explainRefusal(error, `the canary was rolled back: nothing was ${operation.words.done}`);
  }
  await run.journal?.append({ event: 'done', chunk: run.chunk, at: at() });
  host.emit({ type: 'canary-sent', total: run.total, count: run.ids.length });
  return verdict(context, await checkCanary(context, run.ids), { ...run, size: run.ids.length });
}

/** Problems of the canary: objects not changed, and what the operation watches (its jobs failing again). */
async function checkCanary(context: CanaryContext, ids: string[]): Promise<string[]> {
  const { operation } = context;
  const states = await operation.statesOf(ids);
  const problems = states
    .filter((found) => found.state !== 'changed' && found.state !== 'ended')
    .map((found) => `${found.id}: not ${operation.words.changedInFull} after the canary`);
  if (problems.length > 0 || !operation.watchCanary) return problems;
  const settled = await settleCanary(operation.watchCanary(ids), context.canaryWaitMs);
  return settled.problems;
}

async function verdict(context: CanaryContext, problems: string[], run: Omit<CanarySend, 'ids' | 'total'> & { size: number }): Promise<CanaryStep> {
  const { host, operation } = context;
  const { words } = operation;
  await run.journal?.append({ event: 'canary', chunk: run.chunk, passed: problems.length === 0, problems, at: new Date().toISOString() });
  const summary = { size: run.size, passed: problems.length === 0, problems };
  if (problems.length > 0) {
    const others = `the other ${run.remaining} ${run.remaining === 1 ? `${words.one} was` : `${words.many} were`} not sent`;
    return {
      summary,
      failure: new ChangeFailedError(`the canary failed (${canaryProblemsText(problems)}): ${others}${run.resumeHint}`, 'partial'),
    };
  }
  if (run.remaining === 0) return { summary, failure: undefined };
  try {
    await host.confirm(`the canary passed: ${words.verb} the other ${run.remaining} ${run.remaining === 1 ? words.one : words.many}`);
  } catch (error) {
    if (!(error instanceof ChangeFailedError)) throw error;
    const interrupted = error.kind === 'interrupted';
    const stop = `${interrupted ? 'interrupted' : 'not confirmed'} after the canary: the other ${run.remaining} ${run.remaining === 1 ? `${words.one} was` : `${words.many} were`} not sent${run.resumeHint}`;
    return { summary, failure: new ChangeFailedError(stop, interrupted ? 'interrupted' : 'partial') };
  }
  return { summary, failure: undefined };
}

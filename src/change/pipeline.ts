/**
 * The change pipeline from the selection to the outcome, for any operation: select and freeze the ids
 * and preview them (the operation's `prepare`: nothing is sent there), then either the dry run, or
 * the confirmation naming the count and the run (./run.ts: sync, chunked with a journal, or batches,
 * with the outcome of every object and the report). A selection by queries that found nothing, and a
 * resumed journal with nothing left, are success with nothing sent.
 */
import type { ChangeHost } from './host.js';

/** What `prepare` found: the ids to send (frozen), or that a selection by queries found nothing. */
export interface PreparedChange {
  ids: { readonly length: number };
  /** A selection by queries only that found no object to change: all changed already (a re-run), or none ever was. */
  nothingSelected: boolean;
}

export interface PipelineSteps<P extends PreparedChange, R> {
  /** Select, freeze and preview the ids; checks that refuse throw (nothing was sent). */
  prepare(): Promise<P>;
  /** A selection that found nothing: the outcome with zero counts (and the report), or nothing for a dry run. */
  nothingSelected(prepared: P): Promise<R>;
  /** The requests a run would send, sending none. */
  dryRun(prepared: P): R;
  /** The question before the run, naming the count: `migrate 3 process instances …`. */
  question(prepared: P): string;
  /** The run itself, once confirmed. */
  run(prepared: P): Promise<R>;
}

export async function changePipeline<P extends PreparedChange, R>(host: ChangeHost, steps: PipelineSteps<P, R>, options: { dryRun: boolean }): Promise<R> {
  const prepared = await steps.prepare();
  if (prepared.nothingSelected) return steps.nothingSelected(prepared);
  if (options.dryRun) return steps.dryRun(prepared);
  if (prepared.ids.length === 0) host.emit({ type: 'nothing-left' });
  else await host.confirm(steps.question(prepared));
  return steps.run(prepared);
}

/**
 * The id ranges a run of `count` ids sends, as [start, end): the canary's first (when `canary` is
 * more than 0), then one for the rest, or one per chunk of `chunkSize`.
 */
export function requestRanges(count: number, options: { chunkSize: number | undefined; canary: number }): [number, number][] {
  const ranges: [number, number][] = [];
  const canary = Math.min(options.canary, count);
  if (canary > 0) ranges.push([0, canary]);
  if (options.chunkSize === undefined) {
    if (canary === 0) ranges.push([0, count]);
    else if (canary < count) ranges.push([canary, count]);
  } else {
    for (let start = canary; start < count; start += options.chunkSize) ranges.push([start, Math.min(count, start + options.chunkSize)]);
  }
  return ranges;
}

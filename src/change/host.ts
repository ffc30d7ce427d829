/**
 * What the change pipeline needs from the command that runs it: somewhere to report events, a
 * question to ask, Ctrl-C, and a batch to follow. src/commands/migration-host.ts is the terminal side.
 */
import { setMaxListeners } from 'node:events';
import type { StopSignal } from '../interrupt.js';
import type { ChangeFailedError } from './errors.js';
import type { ChangeEvent, GroupEvent } from './events.js';

export interface ChangeHost {
  /** Progress and findings, as data: src/render/change-events.ts says them. */
  emit(event: ChangeEvent | GroupEvent): void;
  /** Asks before a change; throws a ChangeFailedError (not-confirmed, interrupted) when the answer is no. */
  confirm(question: string): Promise<void>;
  /** While the returned release is not called, Ctrl-C (and SIGTERM) calls `handler` instead of stopping the run. */
  takeOverInterrupt(handler: (signal: StopSignal) => void): () => void;
  /** Follows a batch until it ends, with progress; the failure says why it did not complete. */
  followBatch(batchId: string, intervalMs: number, timeoutMs: number | undefined): Promise<{ failure: ChangeFailedError | undefined }>;
}

/**
 * A chunked run's Ctrl-C: the first finishes the chunk in flight and then stops; the second abandons
 * it (the journal says so). Handled here once for every change.
 */
export function twoStepStop(host: ChangeHost): { stopRequested: () => boolean; abandon: AbortSignal; release: () => void } {
  let stopRequested = false;
  const abandon = new AbortController();
  // The requests of a chunk sent one per object (eight at once) all listen to it: no leak to warn of.
  setMaxListeners(0, abandon.signal);
  const release = host.takeOverInterrupt((signal) => {
    if (!stopRequested) {
      stopRequested = true;
      // Only at a terminal is there a second Ctrl-C to offer; a SIGTERM's sender decides for itself.
      host.emit({ type: 'stopping', offerAbandon: signal === 'SIGINT' });
    } else {
      abandon.abort();
    }
  });
  return { stopRequested: () => stopRequested, abandon: abandon.signal, release };
}

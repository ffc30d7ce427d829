/**
 * The settle time of a canary (--canary-wait): the changed objects are watched for a while before the
 * rest is sent, since what goes wrong after a change often goes wrong in a job the engine runs a moment
 * later (a timer due at once, an asynchronous continuation, a retry). The pipeline looks, and looks
 * again while jobs of the canary are due now and the wait has time left; a problem ends it at once.
 * What is looked at is the operation's (./operation.ts CanaryObserver).
 */
import type { CanaryLook, CanaryObserver } from './operation.js';

/** Between two looks at a settling canary. */
export const CANARY_POLL_MS = 1000;

export interface SettleClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: SettleClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface SettledCanary extends CanaryLook {
  /** How many looks were taken. */
  looks: number;
  /** True when the wait ended while jobs of the canary were still due: they never ran. */
  timedOut: boolean;
}

/** Looks until a problem shows, nothing is due now, or `waitMs` has passed (one look at least). */
export async function settleCanary(observer: CanaryObserver, waitMs: number, clock: SettleClock = realClock): Promise<SettledCanary> {
  const start = clock.now();
  let looks = 0;
  for (;;) {
    const look = await observer.look();
    looks += 1;
    if (look.problems.length > 0 || look.dueNow === 0) return { ...look, looks, timedOut: false };
    const left = waitMs - (clock.now() - start);
    if (left <= 0) return { ...look, looks, timedOut: true };
    await clock.sleep(Math.min(CANARY_POLL_MS, left));
  }
}

/** A failed canary's problems in a line: the count and the first (`2 problems: X, and 1 more`); the report and journal hold them all. */
export function canaryProblemsText(problems: readonly string[]): string {
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  return problems.length > 1 ? `${count}: ${problems[0]}, and ${problems.length - 1} more` : `${count}: ${problems[0] ?? ''}`;
}

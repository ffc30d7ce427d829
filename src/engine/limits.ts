/**
 * The engine's `queryMaxResultsLimit` (a process engine setting since 7.12): with a user
 * authenticated, a list query must ask for a number of rows (`maxResults`), and for no more than the
 * limit (the engine's QueryMaxResultsLimitUtil, checked by AbstractQuery before the query runs).
 * Counts and single results are not limited. One object per client: the limit is learned once per run
 * (from a profile's `maxResultsLimit`, or from the engine's 400 that names it) and every list request
 * after that stays within it. docs/performance.md.
 */
import { EngineHttpError } from './errors.js';

/** The engine's answer to a page above its limit: `Max results limit of 1000 exceeded!`. */
const EXCEEDED = /^Max results limit of (\d+) exceeded!$/;

/** The limit an engine's 400 names, if the error is that 400. */
export function exceededLimitOf(error: unknown): number | undefined {
  if (!(error instanceof EngineHttpError) || error.status !== 400 || error.engineType !== 'BadUserRequestException') return undefined;
  const match = EXCEEDED.exec(error.body?.message ?? '');
  if (!match) return undefined;
  const limit = Number(match[1]);
  return Number.isSafeInteger(limit) && limit > 0 ? limit : undefined;
}

export class QueryLimit {
  private known: number | undefined;

  /** `configured`: the profile's `maxResultsLimit`, when the operator knows the engine's. */
  constructor(configured?: number | undefined) {
    this.known = configured;
  }

  /** The largest number of rows a list request may ask for, if known. */
  get value(): number | undefined {
    return this.known;
  }

  /** `wanted` rows, or fewer when the engine allows no more. */
  cap(wanted: number): number {
    return this.known === undefined ? wanted : Math.max(1, Math.min(wanted, this.known));
  }

  /**
   * When `error` is the engine's 400 for a request of `asked` rows above its limit, and that limit is
   * smaller than what was asked, remembers it and returns true: the caller asks again, once, with
   * `cap(...)`. A second refusal at the learned size returns false and fails the request as it is.
   */
  learn(error: unknown, asked: number): boolean {
    const limit = exceededLimitOf(error);
    if (limit === undefined || limit >= asked) return false;
    this.known = this.known === undefined ? limit : Math.min(this.known, limit);
    return true;
  }

  /**
   * One list request of up to `wanted` rows, within the limit: asked at `cap(wanted)`, and when the
   * engine names a smaller limit, asked again at that size. The answer may then hold fewer rows than
   * wanted although there are more: callers that page use `allPages` (./paging.ts), which knows.
   */
  async within<T>(wanted: number, ask: (maxResults: number) => Promise<T>): Promise<T> {
    const size = this.cap(wanted);
    try {
      return await ask(size);
    } catch (error) {
      if (!this.learn(error, size)) throw error;
      return ask(this.cap(wanted));
    }
  }
}

/**
 * Read-merge-write: how every update of an existing engine object is done (docs/concurrency.md).
 *
 * The engine's REST API has no compare-and-set: AuthorizationDto and GroupDto carry no revision, and
 * the engine re-reads the row inside each PUT, so its optimistic locking only catches two PUTs that
 * overlap inside the engine (a 500 OptimisticLockingException). Two runs that read the same object
 * and write it back one after the other lose the first one's change, and both are answered 204.
 *
 * So an update is not trusted to its 204. It reads the object, merges this run's change into it,
 * reads again right before the write (and merges again if the object changed meanwhile), writes,
 * waits until a writer released at the same moment has landed, and reads back: the change must
 * hold. When it does not (another run's write came after this one's), or the engine answered
 * OptimisticLockingException, the change is merged into what is there now and written again, a
 * bounded number of times. What cannot be confirmed in the end is an error naming the object and
 * what differs (exit 12), never "updated".
 */
import { EngineHttpError } from '../engine/errors.js';
import { CliError, ExitCode } from '../exit-codes.js';

/** One object and this run's change to it. */
export interface ObjectUpdate<T, B> {
  /** "authorization 5f1c…", "group sales": for messages. */
  readonly name: string;
  read(): Promise<T>;
  /** The whole body to write: this run's change applied to `current`. */
  merge(current: T): B;
  /** Where `current` does not look like `body`, one phrase per field ("name is 'x', not 'y'"); empty when it does. */
  differences(current: T, body: B): string[];
  write(body: B): Promise<void>;
}

export interface UpdatePolicy {
  /** Writes at most, the first included. */
  attempts: number;
  /**
   * How long after the last write the result is read back: long enough for a writer released at the
   * same moment to have landed (docs/concurrency.md has the measurement behind the default).
   */
  readBackDelayMs: number;
  /** Before a repeated write, attempt n waits n times this long (plus up to as much at random). */
  backoffMs: number;
  sleep?: (ms: number) => Promise<void>;
  /** Told of every repair, for a warning line. */
  notice?: (message: string) => void;
}

/** Measured on Camunda 7.24 (docs/concurrency.md): two runs released together landed their PUTs at most 430 ms apart. */
const DEFAULT_READ_BACK_DELAY_MS = 1000;
const DEFAULT_UPDATE_POLICY: UpdatePolicy = { attempts: 4, readBackDelayMs: DEFAULT_READ_BACK_DELAY_MS, backoffMs: 150 };

/** The read-back delay from the environment (CAMUNDA_ADMIN_READ_BACK_DELAY, milliseconds), or the default. */
export function updatePolicyFrom(env: NodeJS.ProcessEnv, notice?: (message: string) => void): UpdatePolicy {
  const text = env.CAMUNDA_ADMIN_READ_BACK_DELAY;
  const delay = text !== undefined && /^\d+$/.test(text.trim()) ? Number(text) : DEFAULT_READ_BACK_DELAY_MS;
  return { ...DEFAULT_UPDATE_POLICY, readBackDelayMs: delay, ...(notice ? { notice } : {}) };
}

/** A change that was written but is not on the engine after the last attempt. */
export class UpdateNotConfirmedError extends CliError {
  constructor(
    readonly object: string,
    readonly differences: string[],
    attempts: number,
  ) {
    super(
      `${object}: the change did not hold after ${attempts} write${attempts === 1 ? '' : 's'}: ${differences.join('; ')}`,
      ExitCode.NotConfirmed,
      `another run is changing ${object} at the same time (the engine's REST API cannot update atomically); check it, then repeat the command`,
    );
    this.name = 'UpdateNotConfirmedError';
  }
}

function isOptimisticLocking(error: unknown): boolean {
  return error instanceof EngineHttpError && error.status === 500 && error.engineType === 'OptimisticLockingException';
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Pending<T, B> {
  update: ObjectUpdate<T, B>;
  current: T;
  writes: number;
  /** The engine answered this round's write with OptimisticLockingException. */
  conflict: boolean;
}

/**
 * Updates every object, each from the state it was read in (`current`, as the caller showed it), and
 * confirms them all: rounds of (re-read, merge, write) for each one not yet confirmed, then one wait
 * and one read-back of each. A bulk command thus waits once per round, not once per write.
 * Objects already like their change are not written. Rejects with the first failure of a write
 * (other than OptimisticLockingException), or with UpdateNotConfirmedError.
 */
export async function updateObjects<T, B>(
  items: readonly { update: ObjectUpdate<T, B>; current: T }[],
  policy: UpdatePolicy = DEFAULT_UPDATE_POLICY,
): Promise<void> {
  const sleep = policy.sleep ?? realSleep;
  let pending: Pending<T, B>[] = items.map(({ update, current }) => ({ update, current, writes: 0, conflict: false }));
  for (let round = 0; pending.length > 0; round++) {
    if (round > 0) await sleep(policy.backoffMs * round + Math.floor(Math.random() * policy.backoffMs));
    let wrote = false;
    for (const item of pending) {
      // Read again right before the write: a change that landed since the last read is merged in.
      item.conflict = false;
      item.current = await item.update.read();
      const body = item.update.merge(item.current);
      if (item.update.differences(item.current, body).length === 0) continue;
      item.writes++;
      try {
        await item.update.write(body);
        wrote = true;
      } catch (error) {
        // Two PUTs overlapped inside the engine: the other one won; merge into its result and write again.
        if (!isOptimisticLocking(error)) throw error;
        item.conflict = true;
      }
    }
    if (wrote) await sleep(policy.readBackDelayMs);
    const left: Pending<T, B>[] = [];
    for (const item of pending) {
      const now = await item.update.read();
      const differences = item.update.differences(now, item.update.merge(now));
      if (differences.length === 0) continue;
      item.current = now;
      // Bounded by rounds too: a round whose fresh read already held the change writes nothing.
      if (item.writes >= policy.attempts || round + 1 >= policy.attempts) throw new UpdateNotConfirmedError(item.update.name, differences, item.writes);
      const why = item.conflict
        ? 'the engine answered OptimisticLockingException (another write at the same moment)'
        : `another write replaced this change (${differences.join('; ')})`;
      policy.notice?.(`${item.update.name}: ${why}; writing it again`);
      left.push(item);
    }
    pending = left;
  }
}

/** One object: see updateObjects. */
export async function updateObject<T, B>(update: ObjectUpdate<T, B>, current: T, policy: UpdatePolicy = DEFAULT_UPDATE_POLICY): Promise<void> {
  await updateObjects([{ update, current }], policy);
}

/**
 * A chunk sent one object at a time, where the engine has no synchronous request for many (deleting
 * an instance, its history, setting its variables): a few requests at once, each object's failure
 * recorded. A chunk is then no transaction: some objects of it may be changed and others not. So
 * after a failure the engine is asked where the failed objects are (`statesOf`): one changed all the
 * same (by another run, or before an answer was lost) or ended meanwhile is no failure; the rest are
 * the chunk's failure, `ObjectsFailedError`, naming each. The pipeline's outcome check then tells
 * done from not done object by object, and a resume sends only what is not done.
 */
import { ChangeFailedError } from '../../change/errors.js';
import type { ObjectStateOf } from '../../change/operation.js';
import { EngineAuthenticationError, EngineHttpError } from '../../engine/errors.js';
import { RequestAbandonedError } from '../../engine/http.js';

/** Requests in flight at once: enough to keep an engine's request threads busy, few enough not to crowd out its other clients. */
const CONCURRENT_REQUESTS = 8;

/** How many failures a message names; the report names every object. */
const NAMED_FAILURES = 3;

export interface ObjectFailure {
  id: string;
  error: unknown;
}

/** Objects of a chunk the engine refused one by one, after the others of the chunk were sent (and done). */
export class ObjectsFailedError extends Error {
  override name = 'ObjectsFailedError';
  constructor(
    readonly failures: readonly ObjectFailure[],
    /** Objects of the chunk that were sent and not refused. */
    readonly done: number,
    words: { many: string; done: string },
  ) {
    const named = failures.slice(0, NAMED_FAILURES).map((failure) => `${failure.id}: ${reasonOf(failure.error)}`);
    const more = failures.length > NAMED_FAILURES ? `; and ${failures.length - NAMED_FAILURES} more` : '';
    const others = done > 0 ? `; the other ${done} were, each request being its own transaction` : '';
    super(`${failures.length} of ${failures.length + done} ${words.many} were not ${words.done} (${named.join('; ')}${more})${others}`);
  }
}

/**
 * The failure a run ends with after objects were refused one by one: partly done when others of the
 * chunk were changed (exit 8), else the first refusal's own exit code. Any other error stays as it is.
 */
export function explainObjectsFailed(error: unknown): unknown {
  if (!(error instanceof ObjectsFailedError)) return error;
  return new ChangeFailedError(error.message, error.done > 0 ? 'partial' : 'as-cause', { cause: error.failures[0]?.error });
}

/** What the engine said about one object: its exception and message, without the request line. */
function reasonOf(error: unknown): string {
  if (error instanceof EngineHttpError && error.body) return `${error.body.type}${error.body.message ? `: ${error.body.message}` : ''}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether an error says something about one object (the engine refused it), rather than about every
 * request (the engine is gone, the credentials are refused, the answer was not the engine's, the run
 * was stopped): after such an error no further object is sent.
 */
function aboutOneObject(error: unknown): boolean {
  return error instanceof EngineHttpError && error.body !== undefined && !(error instanceof EngineAuthenticationError);
}

export interface OneByOne {
  /** Sends one object's request. */
  send(id: string, signal: AbortSignal | undefined): Promise<void>;
  /** Where objects are now (the operation's statesOf). */
  statesOf(ids: readonly string[]): Promise<readonly ObjectStateOf[]>;
  words: { many: string; done: string };
  /** The request per object, for the line of a run stopped before every object was sent: `DELETE /process-instance/{id}`. */
  request: string;
}

/**
 * Sends `ids` one request each, CONCURRENT_REQUESTS at a time. Resolves when every object was sent
 * and none failed, or every failure turned out to be done or ended. Throws the first error about all
 * requests (the run stops there, as after a failed chunk; the pipeline asks where every object is), a
 * RequestAbandonedError when `signal` aborted (the second Ctrl-C), else ObjectsFailedError.
 */
export async function sendOneByOne(ids: readonly string[], sender: OneByOne, signal?: AbortSignal): Promise<void> {
  const failures: ObjectFailure[] = [];
  let stop: unknown;
  let next = 0;
  let sent = 0;
  const worker = async (): Promise<void> => {
    while (stop === undefined && !signal?.aborted && next < ids.length) {
      const id = ids[next++] as string;
      try {
        await sender.send(id, signal);
        sent++;
      } catch (error) {
        if (aboutOneObject(error)) failures.push({ id, error });
        else stop ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_REQUESTS, ids.length) }, worker));
  if (stop !== undefined) throw stop;
  if (signal?.aborted && next < ids.length) {
    const [method = '', path = ''] = sender.request.split(' ');
    throw new RequestAbandonedError({ method, url: `${path} (${ids.length - next} of ${ids.length} ${sender.words.many} not sent)` });
  }
  if (failures.length === 0) return;
  const remaining = await stillFailed(failures, sender);
  if (remaining.length > 0) throw new ObjectsFailedError(remaining, sent + failures.length - remaining.length, sender.words);
}

/** The failures whose object is neither changed nor ended now; all of them when the engine cannot say. */
async function stillFailed(failures: readonly ObjectFailure[], sender: OneByOne): Promise<ObjectFailure[]> {
  let states: readonly ObjectStateOf[];
  try {
    states = await sender.statesOf(failures.map((failure) => failure.id));
  } catch {
    return [...failures];
  }
  const settled = new Set(states.filter((found) => found.state === 'changed' || found.state === 'ended').map((found) => found.id));
  return failures.filter((failure) => !settled.has(failure.id));
}

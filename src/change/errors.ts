/**
 * Why a change did not (fully) happen, as the domain knows it: a kind, not an exit code. src/exit.ts
 * maps each kind to its exit code (docs/exit-codes.md); the change pipeline and its operations never
 * pick one.
 */

export type ChangeFailureKind =
  /** A flag, file or journal that cannot be used: nothing was sent (exit 2). */
  | 'input'
  /** The engine's validation, or the pre-flight, refused the change: nothing was sent (exit 3). */
  | 'refused'
  /** The user may not make the change, found out before anything was sent (exit 4). */
  | 'forbidden'
  /** A batch or object the change needs is not there (exit 5). */
  | 'not-found'
  /** The answer was lost or was not the engine's: what happened is unknown (exit 7). */
  | 'unreachable'
  /** Part of the change was made, part not (exit 8). */
  | 'partial'
  /** --wait-timeout passed while a batch goes on (exit 9). */
  | 'wait-timed-out'
  /** Another run holds the journal (exit 11). */
  | 'locked'
  /** The operator said no (exit 12). */
  | 'not-confirmed'
  /** Ctrl-C or SIGTERM stopped the run (exit 130). */
  | 'interrupted'
  /** The change failed for the reason of `cause` (an engine error): its exit code is the cause's. */
  | 'as-cause';

export class ChangeFailedError extends Error {
  override name = 'ChangeFailedError';
  readonly hint: string | undefined;
  constructor(
    message: string,
    readonly kind: ChangeFailureKind,
    options: { hint?: string | undefined; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.hint = options.hint;
  }
}

/** A problem with what was given (a flag, a file, a journal): exit 2, nothing was sent. */
export function inputError(message: string, hint?: string): ChangeFailedError {
  return new ChangeFailedError(message, 'input', { hint });
}

/** The message of a failure, for a message that wraps it. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

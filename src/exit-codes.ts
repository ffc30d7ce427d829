/**
 * The exit codes of docs/exit-codes.md. Scripts depend on these numbers: never renumber.
 * docs/exit-codes.md documents each one; test/unit/exit-codes.test.ts keeps the two in step.
 */
export const ExitCode = {
  Success: 0,
  Internal: 1,
  Usage: 2,
  ValidationFailed: 3,
  AuthRefused: 4,
  NotFound: 5,
  EngineRejected: 6,
  Unreachable: 7,
  Partial: 8,
  WaitTimedOut: 9,
  /** `access plan --detailed-exitcode`: the engine is not as the file says (terraform's convention). */
  DifferencesFound: 10,
  Locked: 11,
  NotConfirmed: 12,
  Interrupted: 130,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * An error the user can act on: printed as one line, no stack trace, with its exit code.
 * Everything that is not a CliError (or an engine error, see src/exit.ts) is a bug: exit 1.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Bad flags, files or values: exit 2. */
export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.Usage, hint);
    this.name = 'UsageError';
  }
}

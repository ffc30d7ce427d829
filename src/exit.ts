/**
 * The one place where a failure becomes an exit code and an error line. Commands throw; they never
 * call process.exit.
 */
import { ChangeFailedError, type ChangeFailureKind } from './change/errors.js';
import { EngineCheckFailedError, type EngineCheckFailureKind } from './engine-info/errors.js';
import { CliError, ExitCode } from './exit-codes.js';
import {
  EngineAuthenticationError,
  EngineAuthorizationError,
  EngineError,
  EngineHttpError,
  EngineNotFoundError,
  EngineResponseError,
  EngineUnreachableError,
  outcomeUnknown,
} from './engine/errors.js';
import { InvalidPathParameterError } from './engine/paths.js';
import { resourceIdHint } from './engine/product.js';

export interface Failure {
  exitCode: ExitCode;
  message: string;
  hint?: string | undefined;
  /** True for bugs: the stack trace is worth showing with --verbose. */
  internal: boolean;
}

/**
 * The engine's id whitelist refusal (a 500 that is really a validation error), every product alike:
 * "Group has an invalid id: 'x' is not a valid resource identifier." (EnsureUtil).
 */
const INVALID_RESOURCE_ID = /'(.*)' is not a valid resource identifier/;
/** Authorization rules the engine enforces with 500s (docs/engine-notes.md#authorization-rules). */
const AUTHORIZATION_RULE = /ENGINE-0302[578]|must either have a 'userId' or a 'groupId'/;

/**
 * The engine's answer to `{url}/engine/NAME/...` when it has no engine NAME (or to `{url}/...` when
 * it has no default engine): a 400 `No process engine available`, or with the authentication filter
 * on, a 404 `Process engine NAME not available`.
 */
const NO_ENGINE = /^(No process engine available|Process engine .* not available)$/;

/** Which engine the URL names, and where the names are. */
function noEngineHint(url: string): string {
  const named = /\/engine\/([^/?]+)\//.exec(url)?.[1];
  return named === undefined
    ? 'the server has no default engine: name one with --engine; camunda-admin engine info lists them'
    : `the server has no engine named '${decodeURIComponent(named)}': is --engine right? camunda-admin engine info lists the engines`;
}

/** A 404 for a request with credentials (EngineNotFoundError.asUser). */
const MAY_NOT_READ = "or the user may not read it: the engine answers a missing READ permission with 'does not exist'";

/** What to do about a 401, by the credentials that were sent (engine info says the same). */
export function credentialsHint(sent: 'basic' | 'bearer' | 'none'): string | undefined {
  if (sent === 'none') return 'set credentials with --username and --password-stdin, CAMUNDA_USERNAME/CAMUNDA_PASSWORD or a profile';
  // After a failed login the engine refuses even the right password for a few seconds, doubling per
  // failure (loginDelayBase of its DbIdentityServiceProvider; docs/configuration.md#credentials).
  if (sent === 'basic') return 'wrong credentials, or the engine still delays logins after a recent failed attempt: wait a few seconds and retry';
  return undefined;
}

/** The engine's own 401 (GET /authorization/check): its REST API authenticates no one. */
const NO_AUTHENTICATION_FILTER =
  'no user is authenticated on this engine: its REST API runs without the authentication filter, so credentials are not read; the check needs an engine with authentication enabled';

const OUTCOME_UNKNOWN = 'the outcome is unknown: the engine may have received and acted on the request; check before repeating it';

/** A change whose answer was lost, with the command that shows whether the engine carried it out. */
export class ChangeOutcomeUnknownError extends Error {
  override name = 'ChangeOutcomeUnknownError';
  constructor(
    readonly failed: EngineError,
    /** A whole command line, without the options that select the target (docs/exit-codes.md). */
    readonly check: string,
  ) {
    super(failed.message);
  }
}

/**
 * Sends a change. When its answer is lost (outcomeUnknown: a timeout or reset after sending, a
 * gateway's 502/504, a proxy's page) the error names `check`, the command that shows what the engine
 * did, so that a script does not repeat a change that went through, nor trust one that did not.
 */
export async function sendChange<T>(check: readonly string[], send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (outcomeUnknown(error)) throw new ChangeOutcomeUnknownError(error as EngineError, commandLine(['camunda-admin', ...check]));
    throw error;
  }
}

/** Words as a POSIX shell takes them back: an id with a space or a quote stays one word. */
export function commandLine(words: readonly string[]): string {
  return words.map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The exit code of each kind of failed change (src/change/errors.ts). */
const CHANGE_FAILURE_CODES: Record<Exclude<ChangeFailureKind, 'as-cause'>, ExitCode> = {
  input: ExitCode.Usage,
  refused: ExitCode.ValidationFailed,
  forbidden: ExitCode.AuthRefused,
  'not-found': ExitCode.NotFound,
  unreachable: ExitCode.Unreachable,
  partial: ExitCode.Partial,
  'wait-timed-out': ExitCode.WaitTimedOut,
  locked: ExitCode.Locked,
  'not-confirmed': ExitCode.NotConfirmed,
  interrupted: ExitCode.Interrupted,
};

/** The exit code a failed change ends the command with. */
function changeFailureCode(error: ChangeFailedError): ExitCode {
  return error.kind === 'as-cause' ? describeFailure(error.cause).exitCode : CHANGE_FAILURE_CODES[error.kind];
}

/** A failure the domain raised as a CliError (the app's own refusals: confirmation, Ctrl-C), as a failed change. */
export function asChangeFailure(error: CliError): ChangeFailedError {
  const kind = (Object.entries(CHANGE_FAILURE_CODES) as [ChangeFailureKind, ExitCode][]).find(([, code]) => code === error.exitCode)?.[0] ?? 'as-cause';
  return new ChangeFailedError(error.message, kind, { hint: error.hint, cause: kind === 'as-cause' ? error : undefined });
}

/** The exit code of each way `engine info` finds the engine not usable (src/engine-info/errors.ts). */
const ENGINE_CHECK_FAILURE_CODES: Record<EngineCheckFailureKind, ExitCode> = {
  'credentials-refused': ExitCode.AuthRefused,
  'no-such-engine': ExitCode.NotFound,
};

export function describeFailure(error: unknown): Failure {
  if (error instanceof ChangeFailedError) {
    return { exitCode: changeFailureCode(error), message: error.message, hint: error.hint, internal: false };
  }
  if (error instanceof EngineCheckFailedError) {
    const hint = error.kind === 'credentials-refused' ? credentialsHint(error.credentialsSent) : undefined;
    return { exitCode: ENGINE_CHECK_FAILURE_CODES[error.kind], message: error.message, hint, internal: false };
  }
  if (error instanceof ChangeOutcomeUnknownError) {
    return { exitCode: ExitCode.Unreachable, message: error.message, hint: `${OUTCOME_UNKNOWN}: ${error.check}`, internal: false };
  }
  if (error instanceof CliError) {
    return { exitCode: error.exitCode, message: error.message, hint: error.hint, internal: false };
  }
  if (error instanceof InvalidPathParameterError) {
    return { exitCode: ExitCode.Usage, message: error.message, internal: false };
  }
  if (error instanceof EngineError) return describeEngineFailure(error);
  const message = error instanceof Error ? error.message : String(error);
  return {
    exitCode: ExitCode.Internal,
    message: `internal error: ${message}`,
    hint: 'this is a bug in camunda-admin; run again with --verbose and report it',
    internal: true,
  };
}

function describeEngineFailure(error: EngineError): Failure {
  const failure = (exitCode: ExitCode, hint?: string): Failure => ({
    exitCode,
    message: error.message,
    hint,
    internal: false,
  });
  // A change whose answer was lost, sent without sendChange: the hint cannot name the check.
  if (outcomeUnknown(error)) return failure(ExitCode.Unreachable, OUTCOME_UNKNOWN);
  if (error instanceof EngineUnreachableError) return failure(ExitCode.Unreachable, error.hint);
  if (error instanceof EngineResponseError) return failure(ExitCode.Unreachable);
  if (error instanceof EngineAuthenticationError) {
    return failure(ExitCode.AuthRefused, error.noAuthenticatedUser ? NO_AUTHENTICATION_FILTER : credentialsHint(error.credentialsSent));
  }
  if (error instanceof EngineAuthorizationError) return failure(ExitCode.AuthRefused);
  if (error instanceof EngineNotFoundError) {
    // The JAX-RS runtime's own 404 (no such resource) means the URL is wrong, not the id.
    const wrongRoot = !error.body || error.body.type === 'NotFoundException';
    if (wrongRoot) return failure(ExitCode.NotFound, "is --url the engine's REST root, e.g. http://localhost:8080/engine-rest?");
    if (NO_ENGINE.test(error.body!.message)) return failure(ExitCode.NotFound, noEngineHint(error.request.url));
    return failure(ExitCode.NotFound, error.asUser ? MAY_NOT_READ : undefined);
  }
  if (error instanceof EngineHttpError) {
    if (!error.body && [429, 502, 503, 504].includes(error.status)) return failure(ExitCode.Unreachable);
    // The engine never redirects: a 3xx is a proxy or a login page in front of it.
    if (!error.body && error.status >= 300 && error.status < 400) {
      return failure(ExitCode.Unreachable, "a redirect: is --url the engine's REST root and not a proxy or login page?");
    }
    const invalidId = error.body ? INVALID_RESOURCE_ID.exec(error.body.message) : null;
    if (invalidId) return failure(ExitCode.EngineRejected, resourceIdHint(invalidId[1]));
    if (error.body && NO_ENGINE.test(error.body.message)) return failure(ExitCode.EngineRejected, noEngineHint(error.request.url));
    if (error.body && AUTHORIZATION_RULE.test(error.body.message)) {
      return failure(
        ExitCode.EngineRejected,
        'the engine reports this broken authorization rule as a 500: an authorization has exactly one owner, and a global one has user * and no group',
      );
    }
    return failure(ExitCode.EngineRejected);
  }
  return failure(ExitCode.EngineRejected);
}

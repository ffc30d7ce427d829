/**
 * Typed errors of the engine client. Each message is one line naming the request; src/exit.ts maps
 * the classes to exit codes. Nothing here knows about terminals.
 */

/** The engine's error body: `{type, message, code}` (code since 7.18; null unless a ProcessEngineException). */
export interface EngineErrorBody {
  type: string;
  message: string;
  code?: number | null;
  [extra: string]: unknown;
}

export interface MissingAuthorization {
  permissionName: string | null;
  resourceName: string | null;
  resourceId: string | null;
}

export interface RequestLine {
  method: string;
  /** The URL as sent, without credentials (the client never puts any in it). */
  url: string;
  /** A POST that only queries (a long id list, a count): losing its answer changes nothing. */
  query?: boolean;
}

/** Subclasses name themselves: the bundle is minified, and the name shows in --verbose stack traces. */
export abstract class EngineError extends Error {
  constructor(
    readonly request: RequestLine,
    detail: string,
  ) {
    super(`${request.method} ${request.url}: ${detail}`);
  }

  /** A request that was tried more than once fails with its last answer: the line says how often it was sent. */
  noteAttempts(attempts: number): void {
    if (attempts > 1) this.message = `${this.message} (after ${attempts} attempts)`;
  }
}

/** A multi-line engine message (migration reports use \n\t) collapsed to one line. */
function oneLine(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The first characters of a body that is not the engine's JSON, for the error line. */
export function snippet(body: string, max = 120): string {
  const text = body
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length === 0) return body.length === 0 ? 'empty body' : 'body without text';
  return `"${text.length > max ? `${text.slice(0, max - 1)}…` : text}"`;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  407: 'Proxy Authentication Required',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusLine(status: number): string {
  const text = STATUS_TEXT[status];
  return text ? `${status} ${text}` : String(status);
}

/** What came back for a request that failed with an HTTP status. */
export interface HttpAnswer {
  status: number;
  /** The engine's JSON error body, when the answer carried one. */
  body: EngineErrorBody | undefined;
  /** Set when the body was not the engine's: proxy HTML, an empty 502, plain text. */
  bodySnippet: string | undefined;
}

/** Any non-2xx answer. `body` is set when the answer carried the engine's JSON error body. */
export class EngineHttpError extends EngineError {
  override name = 'EngineHttpError';
  readonly status: number;
  readonly body: EngineErrorBody | undefined;
  readonly bodySnippet: string | undefined;

  constructor(request: RequestLine, answer: HttpAnswer, detail?: string) {
    const { status, body, bodySnippet } = answer;
    super(
      request,
      detail ??
        (body
          ? `${statusLine(status)}: ${body.type}${body.message ? `: ${oneLine(body.message)}` : ' (no message)'}`
          : `${statusLine(status)} without an engine error body: ${bodySnippet ?? 'empty body'}`),
    );
    this.status = status;
    this.body = body;
    this.bodySnippet = bodySnippet;
  }

  /** The engine's exception class, e.g. `MigrationPlanValidationException`. */
  get engineType(): string | undefined {
    return this.body?.type;
  }
}

/**
 * 401. The engine's authentication filter answers so with an empty body and `WWW-Authenticate`.
 * An engine without the filter answers `GET /authorization/check` with a 401 of its own, with its
 * error body and no challenge: no user is authenticated there, whatever was sent (noAuthenticatedUser).
 */
export class EngineAuthenticationError extends EngineHttpError {
  override name = 'EngineAuthenticationError';
  readonly challenge: string | undefined;
  readonly credentialsSent: 'basic' | 'bearer' | 'none';
  /** The engine's own 401 (a REST API without the authentication filter): credentials were not read. */
  readonly noAuthenticatedUser: boolean;

  constructor(
    request: RequestLine,
    answer: Omit<HttpAnswer, 'status'> & {
      /** The `WWW-Authenticate` header. */
      challenge: string | undefined;
      credentialsSent: 'basic' | 'bearer' | 'none';
    },
  ) {
    const { body, bodySnippet, challenge, credentialsSent } = answer;
    const challengeText = challenge ? ` (${challenge})` : '';
    const noAuthenticatedUser = body !== undefined && challenge === undefined;
    const detail = noAuthenticatedUser
      ? `401 Unauthorized: ${body.type}: ${oneLine(body.message)}`
      : credentialsSent === 'none'
        ? `401 Unauthorized: the engine requires authentication${challengeText}; no credentials were sent`
        : `401 Unauthorized: the engine refused the ${credentialsSent === 'basic' ? 'username and password' : 'bearer token'}${challengeText}` +
          (body?.message ? `: ${oneLine(body.message)}` : '');
    super(request, { status: 401, body, bodySnippet }, detail);
    this.challenge = challenge;
    this.credentialsSent = credentialsSent;
    this.noAuthenticatedUser = noAuthenticatedUser;
  }
}

/** 403 with the engine's AuthorizationException body; `missingAuthorizations` is a disjunction. */
export class EngineAuthorizationError extends EngineHttpError {
  override name = 'EngineAuthorizationError';
  readonly missingAuthorizations: MissingAuthorization[];
  readonly userId: string | null;

  constructor(request: RequestLine, body: EngineErrorBody | undefined, bodySnippet: string | undefined) {
    const missing = Array.isArray(body?.missingAuthorizations) ? (body.missingAuthorizations as MissingAuthorization[]) : [];
    const userId = typeof body?.userId === 'string' ? body.userId : null;
    super(request, { status: 403, body, bodySnippet }, describeForbidden(body, missing, userId, bodySnippet));
    this.missingAuthorizations = missing;
    this.userId = userId;
  }
}

function describeForbidden(body: EngineErrorBody | undefined, missing: MissingAuthorization[], userId: string | null, bodySnippet: string | undefined): string {
  if (!body) return `403 Forbidden without an engine error body: ${bodySnippet ?? 'empty body'}`;
  if (missing.length === 0) return `403 Forbidden: ${oneLine(body.message)}`;
  const who = userId ? `user '${userId}'` : 'the user';
  const needs = missing.map((m) => `${m.permissionName ?? '?'} on ${m.resourceName ?? '?'}${m.resourceId ? ` '${m.resourceId}'` : ''}`);
  return missing.length === 1 ? `403 Forbidden: ${who} lacks ${needs[0]}` : `403 Forbidden: ${who} needs one of: ${needs.join(' | ')}`;
}

export class EngineNotFoundError extends EngineHttpError {
  override name = 'EngineNotFoundError';
  constructor(
    request: RequestLine,
    answer: HttpAnswer,
    /**
     * The request carried credentials. An engine that checks authorizations answers "does not
     * exist" for what that user may not read (its queries leave it out), so the 404 may mean either.
     */
    readonly asUser = false,
  ) {
    super(request, answer);
  }
}

/** The request never got an HTTP answer: refused, DNS, TLS, timeout, reset. */
export type UnreachableReason = 'connection-refused' | 'dns' | 'tls' | 'timeout' | 'connection-reset' | 'network' | 'proxy';

export class EngineUnreachableError extends EngineError {
  override name = 'EngineUnreachableError';
  constructor(
    request: RequestLine,
    readonly reason: UnreachableReason,
    detail: string,
    /** False when the request may have reached the engine (a POST whose outcome is unknown). */
    readonly certainlyNotSent: boolean,
    /** What to try, for the hint line (a client certificate the server asks for). */
    readonly hint?: string | undefined,
  ) {
    super(request, detail);
  }
}

/** A 2xx answer whose body is not what the engine sends: HTML from a proxy, a changed schema. */
export class EngineResponseError extends EngineError {
  override name = 'EngineResponseError';
  constructor(
    request: RequestLine,
    readonly status: number,
    detail: string,
  ) {
    super(request, detail);
  }
}

/** POST, PUT or DELETE that is not a query: repeating it, or not knowing whether it ran, matters. */
function isChange(request: RequestLine): boolean {
  return (request.method === 'POST' || request.method === 'PUT' || request.method === 'DELETE') && !request.query;
}

/**
 * Statuses that a gateway sends when the engine took the request and the answer never came back: 502
 * (the engine's connection broke) and 504 (the engine did not answer in time). 429 and 503 without the
 * engine's body are refusals of whatever stands in front of it (a rate limit, no engine to pass the
 * request to): nothing was carried out (docs/exit-codes.md).
 */
const LOST_ANSWER_STATUS = new Set([502, 504]);

/**
 * Whether a change that failed may have been carried out all the same: its answer was lost (a timeout
 * or a reset after sending, a gateway's 502 or 504 without the engine's body) or was not the engine's
 * (a 2xx page of a proxy). Anything else is the engine's own refusal, or proof that nothing was sent.
 * The one rule for every command: src/exit.ts words the error, src/change/chunks.ts journals it.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof EngineError) || !isChange(error.request)) return false;
  if (error instanceof EngineUnreachableError) return !error.certainlyNotSent;
  if (error instanceof EngineResponseError) return error.status >= 200 && error.status < 300;
  if (error instanceof EngineHttpError) return !error.body && LOST_ANSWER_STATUS.has(error.status);
  return false;
}

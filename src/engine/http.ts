/**
 * The HTTP layer of the engine client: base URL and named engine, auth header, retries where a
 * repeat is safe, and decoding of every failure into the typed errors of ./errors.ts. The bytes go
 * through a transport (./transport.ts): node:http for ordinary commands, undici for bulk work.
 */
import type * as core from 'zod/v4/core';
import { safeParse } from 'zod/mini';
import '../util/zod-messages.js';
import { formatEngineDate } from './dates.js';
import {
  EngineAuthenticationError,
  EngineAuthorizationError,
  EngineError,
  type EngineErrorBody,
  EngineHttpError,
  EngineNotFoundError,
  EngineResponseError,
  EngineUnreachableError,
  outcomeUnknown,
  type RequestLine,
  snippet,
  statusLine,
  type UnreachableReason,
} from './errors.js';
import { QueryLimit } from './limits.js';
import { NodeHttpTransport } from './node-transport.js';
import { type HttpTransport, type ProxyRoute, ProxyRefusedError, type RequestBody, type TransportOptions, type TransportResponse, bodyText } from './transport.js';

type Credentials =
  | { type: 'basic'; username: string; password: string }
  | { type: 'bearer'; token: string };

/**
 * A request body that is JSON already, sent as it is: the pages of a million-id lookup are cut from
 * the bytes the ids were read into (src/migration/instance-ids.ts) and never become strings.
 */
export class JsonText {
  constructor(readonly json: RequestBody) {}
}

export interface EngineHttpOptions {
  /** The REST root, e.g. `http://localhost:8080/engine-rest`, without a trailing slash. */
  baseUrl: string;
  /** A named engine: requests go to `{baseUrl}/engine/{name}/...`. */
  engine?: string | undefined;
  credentials?: Credentials | undefined;
  timeoutMs: number;
  retries: number;
  /** PEM text of extra trusted CAs. */
  ca?: string | undefined;
  insecure?: boolean | undefined;
  /** PEM text of a client certificate and its key, for mutual TLS. */
  cert?: string | undefined;
  key?: string | undefined;
  /** The http:// proxy every request goes through (src/config/proxy.ts); none: directly. */
  proxy?: ProxyRoute | undefined;
  userAgent: string;
  /** Called once per attempt, for --verbose. Headers are already redacted. */
  onExchange?: ((exchange: Exchange) => void) | undefined;
  /** Milliseconds to wait before retry number `attempt` (1-based); overridable for tests. */
  backoff?: ((attempt: number, retryAfterMs: number | undefined) => number) | undefined;
  /** Ctrl-C for the whole run (src/interrupt.ts): abandons the request in flight, and no other is sent. */
  interrupt?: AbortSignal | undefined;
  /** The engine's queryMaxResultsLimit when the profile gives it (`maxResultsLimit`); learned otherwise. */
  maxResultsLimit?: number | undefined;
}

export interface Exchange {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string | undefined;
  status: number | undefined;
  responseHeaders: Record<string, string>;
  responseBody: string | undefined;
  durationMs: number;
  error?: string;
  attempt: number;
}

type QueryValue = string | number | boolean | Date | readonly string[] | undefined | null;
export type Query = Record<string, QueryValue>;

/** A path below the engine root whose parameters are already encoded: build it with `enginePath`. */
export interface EnginePath {
  readonly encoded: string;
  /** True for `GET /engine` and `GET /version`, which live at the REST root, not under a named engine. */
  readonly root: boolean;
}

/**
 * Builds a path with every interpolated value percent-encoded as one segment, so an id such as
 * `../group`, `a/b` or `a b` never changes the path. `.` and `..` alone cannot be carried in a
 * path at all (every server normalizes them away), so they are refused.
 */
export function enginePath(strings: TemplateStringsArray, ...params: readonly string[]): EnginePath {
  let encoded = strings[0] ?? '';
  params.forEach((param, index) => {
    if (param === '' || param === '.' || param === '..') {
      throw new InvalidPathParameterError(param);
    }
    encoded += encodeURIComponent(param) + (strings[index + 1] ?? '');
  });
  return { encoded, root: false };
}

export function rootPath(path: string): EnginePath {
  return { encoded: path, root: true };
}

export class InvalidPathParameterError extends Error {
  constructor(readonly value: string) {
    super(value === '' ? 'an id must not be empty' : `the id '${value}' cannot be sent in a URL path`);
    this.name = 'InvalidPathParameterError';
  }
}

/** Encodes every value with encodeURIComponent: `+` in engine dates must arrive as `%2B`, spaces as `%20`. */
export function encodeQuery(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    let text: string;
    if (value instanceof Date) text = formatEngineDate(value);
    else if (Array.isArray(value)) text = value.join(',');
    else text = String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';

export interface RequestSpec<T> {
  method: Method;
  path: EnginePath;
  query?: Query | undefined;
  body?: unknown;
  /** zod schema of a 2xx body; omit for 204 answers (then any 2xx with a body is refused). */
  schema?: core.$ZodType<T> | undefined;
  /**
   * Only a 204 is success. For a change whose answer must not be guessed at: an empty 200 is then
   * not the engine's either, and the caller learns that the outcome is unknown.
   */
  noContentOnly?: boolean | undefined;
  /** A short name of what is expected, for errors: "an authorization". */
  expects?: string | undefined;
  /**
   * Whether repeating the request is harmless. Defaults by method: GET, OPTIONS, PUT and DELETE of
   * a whole resource are; POST is not (some POSTs, such as queries, set this to true).
   */
  idempotent?: boolean | undefined;
  /** Abandons the request (SIGINT during a chunked migration); the caller decides what that means. */
  signal?: AbortSignal | undefined;
}

export interface EngineResponse<T> {
  status: number;
  /** The body validated by the schema (unknown fields kept). */
  data: T;
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
const MAX_BACKOFF_MS = 5_000;

function defaultBackoff(attempt: number, retryAfterMs: number | undefined): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, 30_000);
  const ceiling = Math.min(MAX_BACKOFF_MS, 250 * 2 ** (attempt - 1));
  // Full jitter: many clients retrying after one outage do not come back in step.
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** node:http for ordinary commands, undici for bulk work (./transport.ts, docs/performance.md). */
type TransportKind = 'single' | 'bulk';

async function createTransport(kind: TransportKind, options: TransportOptions): Promise<HttpTransport> {
  if (kind === 'bulk') {
    const { UndiciTransport } = await import('./undici-transport.js');
    return new UndiciTransport(options);
  }
  return new NodeHttpTransport(options);
}

export class EngineHttp {
  private readonly authorization: string | undefined;
  private readonly transports = new Map<TransportKind, Promise<HttpTransport>>();
  private kind: TransportKind = 'single';
  /** Requests that were in flight when the run was interrupted: whether the engine got them is unknown. */
  readonly abandoned: RequestLine[] = [];
  /** Requests sent and not yet answered, for the line of a second Ctrl-C (src/interrupt.ts). */
  private readonly unanswered = new Set<RequestLine>();
  /** The engine's limit on rows per list request, shared by every list of the run (./limits.ts). */
  readonly queryLimit: QueryLimit;

  constructor(private readonly options: EngineHttpOptions) {
    this.queryLimit = new QueryLimit(options.maxResultsLimit);
    const credentials = options.credentials;
    if (credentials?.type === 'basic') {
      this.authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    } else if (credentials?.type === 'bearer') {
      this.authorization = `Bearer ${credentials.token}`;
    }
  }

  /** Whether the requests carry credentials (Basic or a bearer token). */
  get sendsCredentials(): boolean {
    return this.authorization !== undefined;
  }

  /** Requests sent and not answered yet. */
  get inFlight(): RequestLine[] {
    return [...this.unanswered];
  }

  /**
   * Announces many requests (paging through everything, chunks, lookups): from now on they go
   * through undici, whose start-up costs more and whose requests cost less.
   */
  useBulkTransport(): void {
    this.kind = 'bulk';
  }

  private transport(): Promise<HttpTransport> {
    const kind = this.kind;
    let transport = this.transports.get(kind);
    if (!transport) {
      const { timeoutMs, ca, insecure, cert, key, proxy } = this.options;
      transport = createTransport(kind, { timeoutMs, ca, insecure, cert, key, proxy });
      this.transports.set(kind, transport);
    }
    return transport;
  }

  url(path: EnginePath, query?: Query): string {
    const engine = !path.root && this.options.engine ? `/engine/${encodeURIComponent(this.options.engine)}` : '';
    return `${this.options.baseUrl}${engine}${path.encoded}${encodeQuery(query)}`;
  }

  async request<T>(spec: RequestSpec<T>): Promise<EngineResponse<T>> {
    const idempotent = spec.idempotent ?? spec.method !== 'POST';
    const backoff = this.options.backoff ?? defaultBackoff;
    // A repeated PUT or DELETE whose first answer was lost may meet the state that the first one made
    // (a 404 for a delete that went through): the outcome is the lost answer's, unknown.
    let lost: unknown;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(spec, attempt);
      } catch (error) {
        if (spec.signal?.aborted || this.options.interrupt?.aborted) throw error;
        if (outcomeUnknown(error)) lost ??= error;
        const retryAfter = this.retryDecision(error, idempotent);
        if (retryAfter === false || attempt > this.options.retries) {
          const failure = outcomeUnknown(error) ? error : (lost ?? error);
          // Retried in silence until now: the line says that this was not the first try.
          if (failure instanceof EngineError) failure.noteAttempts(attempt);
          throw failure;
        }
        // Ctrl-C during the wait ends it: the next attempt then sends nothing.
        await sleep(backoff(attempt, retryAfter), this.options.interrupt);
      }
    }
  }

  /** false: do not retry; otherwise the wait the engine asked for (Retry-After), if any. */
  private retryDecision(error: unknown, idempotent: boolean): number | undefined | false {
    if (error instanceof EngineUnreachableError) {
      if (error.reason === 'tls' || error.reason === 'dns' || error.reason === 'proxy') return false;
      return idempotent || error.certainlyNotSent ? undefined : false;
    }
    if (error instanceof EngineHttpError && RETRYABLE_STATUS.has(error.status) && idempotent) {
      return error instanceof RetryableHttpError ? error.retryAfterMs : undefined;
    }
    return false;
  }

  private async attempt<T>(spec: RequestSpec<T>, attempt: number): Promise<EngineResponse<T>> {
    const url = this.url(spec.path, spec.query);
    const line: RequestLine = { method: spec.method, url, ...(spec.method === 'POST' && spec.idempotent ? { query: true } : {}) };
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.options.userAgent,
    };
    if (this.authorization) headers.authorization = this.authorization;
    let body: RequestBody | undefined;
    if (spec.body !== undefined) {
      body = spec.body instanceof JsonText ? spec.body.json : JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }

    const interrupt = this.options.interrupt;
    // Nothing is sent after Ctrl-C, whatever the command does with the abandoned request's error.
    if (interrupt?.aborted) throw new RequestAbandonedError(line);
    const signal = spec.signal && interrupt ? AbortSignal.any([spec.signal, interrupt]) : (spec.signal ?? interrupt);

    // process.hrtime rather than performance.now(): the first use of the global loads perf_hooks.
    const started = process.hrtime.bigint();
    let response: TransportResponse;
    this.unanswered.add(line);
    try {
      const transport = await this.transport();
      response = await transport.send({ method: spec.method, url, headers, body, signal });
    } catch (error) {
      if (signal?.aborted) {
        if (interrupt?.aborted) this.abandoned.push(line);
        throw new RequestAbandonedError(line);
      }
      const unreachable = this.unreachable(line, error, spec.method);
      this.report({ line, requestHeaders: headers, requestBody: body, responseHeaders: {}, started, attempt, error: unreachable.message });
      throw unreachable;
    } finally {
      this.unanswered.delete(line);
    }
    const { status, headers: responseHeaders, text } = response;
    this.report({ line, requestHeaders: headers, requestBody: body, status, responseHeaders, responseBody: text, started, attempt });

    if (status >= 200 && status < 300) return { status, data: this.decode(line, status, text, spec) };
    // The engine never sends 407: the proxy refused to forward the request (http engine, absolute form).
    if (status === 407 && this.options.proxy) throw this.proxyRefused(line, this.options.proxy, status);
    throw this.httpError(line, status, text, responseHeaders);
  }

  private decode<T>(line: RequestLine, status: number, text: string, spec: RequestSpec<T>): T {
    if (spec.noContentOnly && status !== 204) {
      throw new EngineResponseError(line, status, `${status} answer where the engine answers 204 No Content; is the URL the engine's REST root and not a proxy or login page?`);
    }
    if (!spec.schema) {
      // The engine answers these with 204 and nothing else. A proxy or login page answering 200 with
      // a page must not pass for success: a migration chunk would be journalled as done and never
      // re-checked. An empty 200 is accepted, as some proxies turn a 204 into one.
      if (text.trim() === '') return undefined as T;
      throw new EngineResponseError(
        line,
        status,
        `${status} answer has a body (${snippet(text)}) where the engine sends none; is the URL the engine's REST root and not a proxy or login page?`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new EngineResponseError(
        line,
        status,
        `${status} answer is not JSON (${snippet(text)}); is the URL the engine's REST root and not a proxy or login page?`,
      );
    }
    const parsed = safeParse(spec.schema, json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      throw new EngineResponseError(
        line,
        status,
        `the answer is not ${spec.expects ?? 'what the engine sends'} (${where}${issue?.message ?? 'invalid'})`,
      );
    }
    return parsed.data;
  }

  private httpError(
    line: RequestLine,
    status: number,
    text: string,
    headers: Record<string, string>,
  ): EngineHttpError {
    const body = parseEngineErrorBody(text);
    const bodySnippet = body ? undefined : snippet(text);
    if (status === 401) {
      return new EngineAuthenticationError(line, { body, bodySnippet, challenge: headers['www-authenticate'], credentialsSent: this.options.credentials?.type ?? 'none' });
    }
    if (status === 403) return new EngineAuthorizationError(line, body, bodySnippet);
    if (status === 404) return new EngineNotFoundError(line, { status, body, bodySnippet }, this.options.credentials !== undefined);
    if (RETRYABLE_STATUS.has(status) && !body) {
      return new RetryableHttpError(line, status, bodySnippet, parseRetryAfter(headers['retry-after']));
    }
    return new EngineHttpError(line, { status, body, bodySnippet });
  }

  private unreachable(line: RequestLine, error: unknown, method: Method): EngineUnreachableError {
    const proxy = this.options.proxy;
    const refusal = causeChain(error).find((cause) => cause instanceof ProxyRefusedError);
    if (refusal) return this.proxyRefused(line, refusal.proxy, refusal.status);
    const { reason, detail, beforeConnected, serverAlert, plainHttp } = classifyNetworkError(error);
    // Only a connection never made (refused, no such host, timed out connecting) proves that not one
    // byte reached the engine.
    const certainlyNotSent = reason === 'connection-refused' || reason === 'dns' || beforeConnected === true || (reason === 'tls' && method !== 'GET');
    // Through a proxy, the connection that could not be made is the proxy's.
    if (proxy && (reason === 'connection-refused' || reason === 'dns' || beforeConnected === true)) {
      const what = reason === 'connection-refused' ? 'connection refused' : reason === 'dns' ? 'host name not found' : `not connected within ${this.options.timeoutMs} ms`;
      return new EngineUnreachableError(
        line,
        reason,
        `cannot reach the proxy ${proxy.display} (${proxy.variable}): ${what}`,
        certainlyNotSent,
        `is the proxy running, and is ${proxy.variable} right? no_proxy or NO_PROXY lists the hosts reached directly`,
      );
    }
    // A server that requires a client certificate ends the handshake with an alert, or (TLS 1.3,
    // where the client sends its request before the server has checked the certificate) closes the
    // connection, which may then arrive as a reset.
    let hint: string | undefined;
    if (plainHttp) {
      hint = `is it a plain http server? try --url ${this.options.baseUrl.replace(/^https:/, 'http:')}`;
    } else if (line.url.startsWith('https:') && (serverAlert || reason === 'connection-reset')) {
      hint = this.options.cert
        ? 'the server may not accept the client certificate: was it issued by a CA the server trusts for clients?'
        : 'if the server requires a client certificate, give it with --cert-file and --key-file, or certFile and keyFile in a profile';
    }
    return new EngineUnreachableError(line, reason, detail, certainlyNotSent, hint);
  }

  /** The proxy refused to pass the request on: nothing reached the engine. */
  private proxyRefused(line: RequestLine, proxy: ProxyRoute, status: number): EngineUnreachableError {
    const hint =
      status === 407
        ? proxy.authorization
          ? `the proxy did not accept the credentials in ${proxy.variable}`
          : `give the proxy's credentials in ${proxy.variable}: http://user:password@host:port`
        : `no_proxy or NO_PROXY lists the hosts reached directly, without the proxy`;
    return new EngineUnreachableError(line, 'proxy', `the proxy ${proxy.display} (${proxy.variable}) refused to pass the request on: ${statusLine(status)}`, true, hint);
  }

  /** Hands one request and its answer (or why there was none) to `onExchange` (--verbose). */
  private report(exchange: {
    line: RequestLine;
    requestHeaders: Record<string, string>;
    requestBody: RequestBody | undefined;
    status?: number | undefined;
    responseHeaders: Record<string, string>;
    responseBody?: string | undefined;
    /** process.hrtime.bigint() when the request was sent. */
    started: bigint;
    attempt: number;
    error?: string | undefined;
  }): void {
    if (!this.options.onExchange) return;
    const { line, requestHeaders, requestBody, status, responseHeaders, responseBody, started, attempt, error } = exchange;
    const redacted = { ...requestHeaders };
    if (redacted.authorization) redacted.authorization = `${redacted.authorization.split(' ')[0]} <redacted>`;
    this.options.onExchange({
      method: line.method,
      url: line.url,
      requestHeaders: redacted,
      requestBody: requestBody === undefined ? undefined : bodyText(requestBody),
      status,
      responseHeaders,
      responseBody,
      durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
      attempt,
      ...(error ? { error } : {}),
    });
  }

  async close(): Promise<void> {
    const transports = [...this.transports.values()];
    this.transports.clear();
    await Promise.all(transports.map(async (transport) => (await transport).close()));
  }
}

/** The caller aborted the request; whether the engine received it is unknown. */
export class RequestAbandonedError extends Error {
  constructor(readonly request: RequestLine) {
    super(`${request.method} ${request.url}: abandoned; the engine may or may not have received it`);
    this.name = 'RequestAbandonedError';
  }
}

/** 429/502/503/504 without an engine body: a gateway or the engine's container is unavailable. */
export class RetryableHttpError extends EngineHttpError {
  override name = 'RetryableHttpError';
  constructor(
    line: RequestLine,
    status: number,
    bodySnippet: string | undefined,
    readonly retryAfterMs: number | undefined,
  ) {
    super(line, { status, body: undefined, bodySnippet });
  }
}

function parseEngineErrorBody(text: string): EngineErrorBody | undefined {
  if (!text) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      const record = json as Record<string, unknown>;
      if (typeof record.type === 'string' && (typeof record.message === 'string' || record.message === null)) {
        return { ...record, type: record.type, message: record.message ?? '' } as EngineErrorBody;
      }
    }
  } catch {
    // Not JSON: the caller shows a snippet instead.
  }
  return undefined;
}

function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS|EPROTO/;

/** The error and its causes, at most five deep. */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && chain.length < 5) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

export function classifyNetworkError(error: unknown): { reason: UnreachableReason; detail: string; beforeConnected?: boolean; serverAlert?: boolean; plainHttp?: boolean } {
  const chain = causeChain(error) as Array<{ code?: string; message?: string; connecting?: boolean }>;
  const codes = chain.map((e) => e.code ?? '');
  const has = (...wanted: string[]): boolean => codes.some((code) => wanted.includes(code));
  const messages = chain.map((e) => e.message ?? '').filter(Boolean);

  if (has('ECONNREFUSED')) return { reason: 'connection-refused', detail: 'connection refused (is the engine running, and is the URL right?)' };
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA')) {
    return { reason: 'dns', detail: 'host name not found (DNS lookup failed; check the URL)' };
  }
  // node:http's timeout while the socket was still connecting (./node-transport.ts), or undici's.
  if (has('UND_ERR_CONNECT_TIMEOUT') || chain.some((e) => e.connecting === true)) {
    return { reason: 'timeout', detail: 'timed out connecting to the engine (is the URL right? raise --timeout if it is just slow)', beforeConnected: true };
  }
  if (has('UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', 'UND_ERR_ABORTED')) {
    return { reason: 'timeout', detail: 'timed out waiting for the engine (raise --timeout if it is just slow)' };
  }
  // An alert from the server (ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED): it refused the handshake.
  const alert = codes.find((code) => /^ERR_SSL_\w+_ALERT_/.test(code));
  if (alert) {
    const name = alert.replace(/^ERR_SSL_\w+?_ALERT_/, '').toLowerCase().replace(/_/g, ' ');
    return { reason: 'tls', detail: `TLS failure: the server ended the handshake: ${name} (${alert})`, serverAlert: true };
  }
  // A plain http server answers the TLS hello with "HTTP/1.1 400", which OpenSSL reads as a record
  // of an unknown version: the URL says https where the server speaks http.
  if (has('ERR_SSL_WRONG_VERSION_NUMBER') || messages.some((message) => /wrong version number/i.test(message))) {
    return { reason: 'tls', detail: 'TLS failure: the server does not speak TLS (OpenSSL: wrong version number)', plainHttp: true };
  }
  const tlsCode = codes.find((code) => TLS_CODES.test(code));
  if (tlsCode) {
    const message = messages.find((m) => m && !m.startsWith('fetch failed')) ?? tlsCode;
    return { reason: 'tls', detail: `TLS failure: ${message} (${tlsCode}; use --ca-file for a private CA)` };
  }
  if (has('ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_CLOSED')) {
    return { reason: 'connection-reset', detail: 'the connection was closed before the answer was complete' };
  }
  return { reason: 'network', detail: `network error: ${messages[0] ?? String(error)}` };
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (!signal) return new Promise((resolve) => setTimeout(resolve, ms));
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The HTTP layer of the engine client: base URL and named engine, auth header, retries where a
 * repeat is safe. Paths and queries are encoded by ./paths.ts; answers and failures are decoded into
 * the typed errors of ./errors.ts by ./error-decoding.ts. The bytes go through a transport
 * (./transport.ts): node:http for ordinary commands, undici for bulk work.
 */
import { type AnswerSpec, decodeAnswer, httpError, proxyRefused, RETRYABLE_STATUS, RetryableHttpError, unreachableError } from './error-decoding.js';
import { EngineError, EngineHttpError, EngineUnreachableError, outcomeUnknown, type RequestLine } from './errors.js';
import { QueryLimit } from './limits.js';
import { NodeHttpTransport } from './node-transport.js';
import { type EnginePath, encodeQuery, type Query } from './paths.js';
import { type HttpTransport, type ProxyRoute, type RequestBody, type TransportOptions, type TransportResponse, bodyText } from './transport.js';

type Credentials = { type: 'basic'; username: string; password: string } | { type: 'bearer'; token: string };

/**
 * A request body that is JSON already, sent as it is: the pages of a million-id lookup are cut from
 * the bytes the ids were read into (src/input/id-set.ts) and never become strings.
 */
export class JsonText {
  constructor(readonly json: RequestBody) {}
}

/** A request body that is not JSON (a deployment's multipart form), sent as it is with its content type. */
export class TypedBody {
  constructor(
    readonly bytes: RequestBody,
    readonly contentType: string,
  ) {}
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';

/** A request; what its 2xx answer must be (schema, noContentOnly, expects): AnswerSpec. */
export interface RequestSpec<T> extends AnswerSpec<T> {
  method: Method;
  path: EnginePath;
  query?: Query | undefined;
  body?: unknown;
  /**
   * Whether repeating the request is harmless. Defaults by method: GET, OPTIONS, PUT and DELETE of
   * a whole resource are; POST is not (some POSTs, such as queries, set this to true).
   */
  idempotent?: boolean | undefined;
  /** Abandons the request (SIGINT during a chunked migration); the caller decides what that means. */
  signal?: AbortSignal | undefined;
  /** The body holds a password: --verbose shows `<redacted>` in its place. */
  secretBody?: boolean | undefined;
}

export interface EngineResponse<T> {
  status: number;
  /** The body validated by the schema (unknown fields kept). */
  data: T;
}

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
    if (spec.body instanceof TypedBody) {
      body = spec.body.bytes;
      headers['content-type'] = spec.body.contentType;
    } else if (spec.body !== undefined) {
      body = spec.body instanceof JsonText ? spec.body.json : JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }
    const shownBody = spec.secretBody ? '<redacted>' : body;

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
      const unreachable = unreachableError(line, error, spec.method, this.options);
      this.report({ line, requestHeaders: headers, requestBody: shownBody, responseHeaders: {}, started, attempt, error: unreachable.message });
      throw unreachable;
    } finally {
      this.unanswered.delete(line);
    }
    const { status, headers: responseHeaders, text } = response;
    this.report({ line, requestHeaders: headers, requestBody: shownBody, status, responseHeaders, responseBody: text, started, attempt });

    if (status >= 200 && status < 300) return { status, data: decodeAnswer(line, status, text, spec) };
    // The engine never sends 407: the proxy refused to forward the request (http engine, absolute form).
    if (status === 407 && this.options.proxy) throw proxyRefused(line, this.options.proxy, status);
    throw httpError(line, status, text, responseHeaders, this.options.credentials?.type ?? 'none');
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

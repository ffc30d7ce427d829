// The engine simulator on a real loopback socket.
//
// msw cannot intercept undici (the CLI's HTTP client), so instead of patching the client this server
// hands every incoming request to msw's `getResponse` and writes the answer back: the CLI then talks
// to it exactly as to a real engine. In front of the handlers sit the two things a real deployment
// puts there: the engine's Basic auth filter and, for tests, injectable network/proxy faults.
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { HttpHandler } from 'msw';
import { runBatchJobs } from './batch.js';
import {
  AUTHENTICATED_USER_HEADER,
  createHandlers,
  DEFAULT_REST_ROOT,
  exceptionBody,
  normalizeRestRoot,
  resolveRequest,
  resourceNotFound,
} from './handlers.js';
import { FLAVOURS, type FlavourName } from './flavour.js';
import { DEFAULT_ENGINE_NAME, EngineState } from './state.js';

export interface SimulatorOptions {
  /** Require HTTP Basic credentials of a seeded user, like the engine's ProcessEngineAuthenticationFilter. */
  basicAuth?: boolean;
  /** REST root path; default '/engine-rest'. */
  restRoot?: string;
  /**
   * Serve HTTPS with this PEM key and certificate. With `clientCa`, mutual TLS: the handshake fails
   * unless the client presents a certificate that this CA issued.
   */
  tls?: { key: string; cert: string; clientCa?: string };
  /** Port on 127.0.0.1; default 0 (any free port). Tests should keep 0. */
  port?: number;
  /**
   * The product to answer as (flavour.ts): 'camunda' (7.24, the default), 'operaton' (2.1.4) or
   * 'cibseven' (2.2.0). With `state`, the state's own flavour counts and this must not differ.
   */
  flavour?: FlavourName;
  /** Start from this state instead of a freshly seeded one. */
  state?: EngineState;
  /**
   * Batch job executor speed (state.batchSettings.jobsPerSecond): executor steps per second, default
   * 20; 0 means batches only move when a test calls `advanceBatches`.
   */
  batchJobsPerSecond?: number;
  /**
   * Bulk data for benchmarks: this many more groups, group00001, group00002, ... (`state.seedGroups`).
   * List paging over 100,000 of them stays fast (one linear pass per request).
   */
  extraGroups?: number;
  /**
   * Bulk data for benchmarks: this many more authorizations (`state.seedAuthorizations`: GRANT READ on
   * GROUP group0000n to group group0000n, ids after every other one).
   */
  extraAuthorizations?: number;
  /**
   * The engine's loginDelayBase (state.loginSettings): seconds a user cannot log in after a failed
   * login, doubling with each further failure (at most 60 s); default 3 as in the engine. 0 turns the
   * delays off, e.g. for tests that log in with a wrong password and then the right one at once
   * (10 failures in a row still lock the user for good, as in the engine).
   */
  loginDelayBaseSeconds?: number;
  /**
   * The engine's queryMaxResultsLimit (state.queryMaxResultsLimit): with `basicAuth`, a list query
   * without maxResults or above the limit is the engine's 400 (query-max-results-*.json samples).
   */
  queryMaxResultsLimit?: number;
  /** How rows of equal sort keys are ordered (state.tieOrder): 'per-page' as some databases do. */
  tieOrder?: 'id' | 'per-page';
}

export interface RecordedRequest {
  method: string;
  /** Path and query exactly as sent on the request line (still percent-encoded). */
  path: string;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  body: string;
}

/**
 * A failure injected in front of the engine (a proxy, the network, an overloaded engine). Faults are
 * checked in the order injected; the first that matches a request applies, and counts one use.
 */
export interface Fault {
  /** HTTP method to match, any case; default any. */
  method?: string;
  /** Tested against the raw path after the REST root, without the query (e.g. '/authorization/x'). */
  path?: RegExp;
  /** How many requests the fault applies to; default unlimited. */
  times?: number;
  /** Answer with this status instead of asking the engine. Without it the engine answers (possibly delayed/truncated). */
  status?: number;
  /** With `status`: the engine handles the request first, and its answer is lost for the status answer (a proxy that forwards, then answers a page of its own). */
  afterEngine?: boolean;
  /** Body of the status answer; default empty. */
  body?: string;
  /** Content-Type of the status answer; default none. */
  contentType?: string;
  /** Extra headers on the answer (the status answer, or the engine's). */
  headers?: Record<string, string>;
  /** Wait this long before sending anything (e.g. to trip a client's headers timeout). */
  delayHeadersMs?: number;
  /** Wait until this settles before sending anything (after the delay, if any): a test releases the answer when it is ready. */
  holdUntil?: Promise<unknown>;
  /** Destroy the socket without answering (after the delay, if any). */
  resetConnection?: boolean;
  /** Send the headers (with the full Content-Length) and half the body, then destroy the socket. */
  truncateBody?: boolean;
  /**
   * Another writer, interleaved: runs just before the engine handles the request (a write that lands
   * between this client's read and its write, or between two of its reads).
   */
  before?: (state: EngineState) => void;
  /** Another writer whose write lands right after this request was handled (a stale PUT that overwrites it). */
  after?: (state: EngineState) => void;
}

/**
 * Called with every request any simulator receives (and the simulator's REST root path), before it is
 * answered: the e2e suite checks each one against the engine's OpenAPI contract (test/helpers/contract-setup.ts).
 */
export const requestObservers = new Set<(request: RecordedRequest, restRoot: string) => void>();

/** Called with every answer of the simulated engine itself (not with injected faults). */
export const responseObservers = new Set<(request: RecordedRequest, restRoot: string, status: number, body: string) => void>();

export interface Simulator {
  /** Base URL of the REST API, e.g. http://127.0.0.1:PORT/engine-rest */
  url: string;
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  state: EngineState;
  /** Every request received, in arrival order, faulted ones included. */
  requests: RecordedRequest[];
  inject(fault: Fault): void;
  clearFaults(): void;
  /**
   * Runs up to `steps` job executor steps now (a seed job run or one batch job each; see batch.ts),
   * whatever the configured speed. Returns how many ran (fewer when no batch has work left).
   */
  advanceBatches(steps?: number): number;
  /** Stops listening and closes every open connection (keep-alive ones included). */
  close(): Promise<void>;
}

interface ActiveFault {
  fault: Fault;
  remaining: number;
}

interface PreparedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Hop-by-hop headers describe this connection, not the request; Fetch requests must not carry them. */
const HOP_BY_HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function recordHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Resolves true after `ms`, or false as soon as one of `signals` aborts (AbortSignal.any needs Node 20.3). */
/** Runs `wait` with signals of the client giving up and of the simulator closing; destroys the answer when one came first. */
async function whileConnected(res: ServerResponse, closing: AbortSignal, wait: (signals: AbortSignal[]) => Promise<boolean>): Promise<boolean> {
  const gaveUp = new AbortController();
  const onClose = (): void => gaveUp.abort();
  res.once('close', onClose);
  const completed = await wait([gaveUp.signal, closing]);
  res.off('close', onClose);
  if (!completed) res.destroy();
  return completed;
}

/** Resolves true once `release` settles, false if a signal aborts first. */
function until(release: Promise<unknown>, signals: AbortSignal[]): Promise<boolean> {
  return new Promise((resolve) => {
    if (signals.some((signal) => signal.aborted)) {
      resolve(false);
      return;
    }
    const finish = (completed: boolean): void => {
      for (const signal of signals) signal.removeEventListener('abort', onAbort);
      resolve(completed);
    };
    const onAbort = (): void => finish(false);
    for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true });
    void release.then(
      () => finish(true),
      () => finish(true),
    );
  });
}

function sleep(ms: number, signals: AbortSignal[]): Promise<boolean> {
  return new Promise((resolve) => {
    if (signals.some((signal) => signal.aborted)) {
      resolve(false);
      return;
    }
    const finish = (completed: boolean): void => {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener('abort', onAbort);
      resolve(completed);
    };
    const onAbort = (): void => finish(false);
    const timer = setTimeout(() => finish(true), ms);
    for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true });
  });
}

function decodeBasicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  // Case-sensitive prefix, split at the FIRST colon: HttpBasicAuthenticationProvider.
  const prefix = 'Basic ';
  if (header === undefined || !header.startsWith(prefix)) return undefined;
  const decoded = Buffer.from(header.slice(prefix.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

async function toPrepared(response: Response): Promise<PreparedResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    // Recomputed from the actual body below.
    if (name !== 'content-length') headers[name] = value;
  });
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  if (options.state && options.flavour && options.state.flavour.name !== options.flavour) {
    throw new Error(`startSimulator: the state answers as ${options.state.flavour.name}, not ${options.flavour}`);
  }
  const state = options.state ?? new EngineState(FLAVOURS[options.flavour ?? 'camunda']);
  if (options.batchJobsPerSecond !== undefined) state.batchSettings.jobsPerSecond = options.batchJobsPerSecond;
  if (options.loginDelayBaseSeconds !== undefined) state.loginSettings.loginDelayBase = options.loginDelayBaseSeconds;
  if (options.queryMaxResultsLimit !== undefined) state.queryMaxResultsLimit = options.queryMaxResultsLimit;
  if (options.tieOrder !== undefined) state.tieOrder = options.tieOrder;
  if (options.extraGroups !== undefined && options.extraGroups > 0) state.seedGroups(options.extraGroups);
  if (options.extraAuthorizations !== undefined && options.extraAuthorizations > 0) state.seedAuthorizations(options.extraAuthorizations);
  const restRoot = normalizeRestRoot(options.restRoot ?? DEFAULT_REST_ROOT);
  const handlers: HttpHandler[] = createHandlers(state, { restRoot });
  const scheme = options.tls ? 'https' : 'http';
  const requests: RecordedRequest[] = [];
  let faults: ActiveFault[] = [];
  // Aborted by close(): ends pending fault delays so no timer outlives the simulator.
  const closing = new AbortController();

  function pathAfterRoot(pathname: string): string | undefined {
    if (pathname === restRoot || pathname.startsWith(`${restRoot}/`)) return pathname.slice(restRoot.length);
    return undefined;
  }

  function takeFault(method: string, path: string): Fault | undefined {
    const matchesPath = (pattern: RegExp): boolean => {
      pattern.lastIndex = 0; // a /g or /y pattern would otherwise resume where its last test stopped
      return pattern.test(path);
    };
    const active = faults.find(
      ({ fault }) => (fault.method === undefined || fault.method.toUpperCase() === method) && (fault.path === undefined || matchesPath(fault.path)),
    );
    if (!active) return undefined;
    active.remaining -= 1;
    if (active.remaining <= 0) faults = faults.filter((candidate) => candidate !== active);
    return active.fault;
  }

  /**
   * ProcessEngineAuthenticationFilter: everything under the root except `/engine` and `/engine/`
   * needs credentials of an existing user. An unknown engine in the path is a 404 before that.
   */
  function authenticate(req: IncomingMessage, subPath: string): { denied: PreparedResponse } | { userId: string | null } {
    if (/^\/engine\/?$/.test(subPath)) return { userId: null };
    const engineName = /^\/engine\/(.*?)(\/|$)/.exec(subPath)?.[1] ?? DEFAULT_ENGINE_NAME;
    if (!state.hasEngine(engineName)) {
      const body = JSON.stringify(exceptionBody('InvalidRequestException', `Process engine ${engineName} not available`));
      return { denied: { status: 404, headers: { 'content-type': 'application/json' }, body: Buffer.from(body) } };
    }
    const credentials = decodeBasicCredentials(req.headers.authorization);
    if (credentials && state.checkPassword(credentials.user, credentials.password)) return { userId: credentials.user };
    // The engine answers 401 with the challenge only: no body, no Content-Type.
    return { denied: { status: 401, headers: { 'www-authenticate': `Basic realm="${engineName}"` }, body: Buffer.alloc(0) } };
  }

  async function engineResponse(req: IncomingMessage, rawBody: Buffer): Promise<PreparedResponse> {
    const host = req.headers.host ?? `127.0.0.1:${port}`;
    const fullUrl = `${scheme}://${host}${req.url ?? '/'}`;
    const url = new URL(fullUrl);
    const method = req.method ?? 'GET';

    const subPath = pathAfterRoot(url.pathname);
    let userId: string | null = null;
    if (options.basicAuth && subPath !== undefined) {
      const result = authenticate(req, subPath);
      if ('denied' in result) return result.denied;
      userId = result.userId;
    }

    const headers = new Headers();
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
      const name = (req.rawHeaders[i] ?? '').toLowerCase();
      if (!HOP_BY_HOP_HEADERS.has(name) && name !== AUTHENTICATED_USER_HEADER) headers.append(name, req.rawHeaders[i + 1] ?? '');
    }
    if (userId !== null) headers.set(AUTHENTICATED_USER_HEADER, userId);
    // JAX-RS serves HEAD from the GET method and drops the body.
    const lookupMethod = method === 'HEAD' ? 'GET' : method;
    const hasBody = lookupMethod !== 'GET' && rawBody.length > 0;
    const request = new Request(url, { method: lookupMethod, headers, body: hasBody ? rawBody : undefined });

    const response = (await resolveRequest(handlers, request)) ?? resourceNotFound(fullUrl);
    const prepared = await toPrepared(response);
    return method === 'HEAD' ? { ...prepared, body: Buffer.alloc(0) } : prepared;
  }

  function send(res: ServerResponse, prepared: PreparedResponse, truncate: boolean): void {
    res.writeHead(prepared.status, { ...prepared.headers, 'content-length': String(prepared.body.length) });
    if (!truncate) {
      res.end(prepared.body);
      return;
    }
    // Announce the whole body, deliver half, then cut the connection: the client sees a short read.
    res.write(prepared.body.subarray(0, Math.floor(prepared.body.length / 2)), () => res.destroy());
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    const method = (req.method ?? 'GET').toUpperCase();
    const recorded = { method, path: req.url ?? '/', headers: recordHeaders(req), body: rawBody.toString('utf8') };
    requests.push(recorded);
    for (const observe of requestObservers) observe(recorded, restRoot);

    // Concatenated, not resolved: a request path starting with '//' must stay a path.
    const pathname = new URL(`http://simulator.invalid${req.url ?? '/'}`).pathname;
    const fault = takeFault(method, pathAfterRoot(pathname) ?? pathname);

    // A held answer is dropped when the client gives up or the simulator closes meanwhile.
    const delay = fault?.delayHeadersMs ?? 0;
    if (delay > 0 && !(await whileConnected(res, closing.signal, (signals) => sleep(delay, signals)))) return;
    const hold = fault?.holdUntil;
    if (hold !== undefined && !(await whileConnected(res, closing.signal, (signals) => until(hold, signals)))) return;
    if (fault?.resetConnection) {
      req.socket.destroy();
      return;
    }

    let prepared: PreparedResponse;
    if (fault?.status !== undefined) {
      if (fault.afterEngine) await engineResponse(req, rawBody);
      const headers: Record<string, string> = {};
      if (fault.contentType !== undefined) headers['content-type'] = fault.contentType;
      prepared = { status: fault.status, headers, body: Buffer.from(fault.body ?? '', 'utf8') };
    } else {
      fault?.before?.(state);
      prepared = await engineResponse(req, rawBody);
      fault?.after?.(state);
      // Only the engine's own answers are the engine's contract; injected faults are not.
      for (const observe of responseObservers) observe(recorded, restRoot, prepared.status, prepared.body.toString('utf8'));
    }
    if (fault?.headers) {
      for (const [name, value] of Object.entries(fault.headers)) prepared.headers[name.toLowerCase()] = value;
    }
    send(res, prepared, fault?.truncateBody === true);
  }

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((error: unknown) => {
      // A simulator bug, not an engine answer: make it loud and recognisable in the failing test.
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const body = JSON.stringify(exceptionBody('SimulatorError', error instanceof Error ? (error.stack ?? error.message) : String(error)));
      res.writeHead(500, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
      res.end(body);
    });
  };

  const server: Server = options.tls
    ? createHttpsServer(
        {
          key: options.tls.key,
          cert: options.tls.cert,
          ...(options.tls.clientCa ? { ca: options.tls.clientCa, requestCert: true, rejectUnauthorized: true } : {}),
        },
        listener,
      )
    : createHttpServer(listener);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `${scheme}://127.0.0.1:${port}`;

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= new Promise<void>((resolve, reject) => {
      closing.abort();
      server.close((error) => (error ? reject(error) : resolve()));
      // close() alone waits for keep-alive connections to go idle; tests must never hang on them.
      server.closeAllConnections();
    });
    return closed;
  };

  return {
    url: `${origin}${restRoot}`,
    origin,
    state,
    requests,
    inject(fault: Fault): void {
      faults.push({ fault, remaining: fault.times ?? Number.POSITIVE_INFINITY });
    },
    clearFaults(): void {
      faults = [];
    },
    advanceBatches(steps = 1): number {
      return runBatchJobs(state, steps);
    },
    close,
  };
}

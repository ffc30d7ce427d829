/**
 * The engine's answers, and the failures to get one, decoded into the typed errors of ./errors.ts:
 * an answer that is not the engine's (a proxy's or login page), an engine error body, a gateway that
 * asks for a retry, a network or TLS failure with what it proves about whether the request was sent.
 */
import type * as core from 'zod/v4/core';
import { safeParse } from 'zod/mini';
import '../util/zod-messages.js';
import {
  EngineAuthenticationError,
  EngineAuthorizationError,
  type EngineErrorBody,
  EngineHttpError,
  EngineNotFoundError,
  EngineResponseError,
  EngineUnreachableError,
  type RequestLine,
  snippet,
  statusLine,
  type UnreachableReason,
} from './errors.js';
import { type ProxyRoute, ProxyRefusedError } from './transport.js';

/** What a 2xx answer must be (a RequestSpec's part of it). */
export interface AnswerSpec<T> {
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
   * A fast test of what `schema` checks, for lists of tens of thousands of rows: when it passes, the
   * answer is taken as JSON.parse gave it (fields in the engine's order) and the schema is not run;
   * when not, the schema decides and names the problem. Only for rows that are read, not printed.
   */
  accepts?: ((json: unknown) => boolean) | undefined;
  /** The answer is a file's content (GET /deployment/{id}/resources/{rid}/data), taken as text, not JSON. */
  text?: boolean | undefined;
}

/** The credentials a request carried. */
export type CredentialsKind = 'basic' | 'bearer' | 'none';

/** What the hints of a failure to connect say about the client's settings. */
export interface ClientSettings {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly cert?: string | undefined;
  readonly proxy?: ProxyRoute | undefined;
}

/** Answers a gateway or an unavailable engine gives; a request that may be repeated is retried after them. */
export const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

/** The body of a 2xx answer, validated; an answer that is not the engine's is an EngineResponseError. */
export function decodeAnswer<T>(line: RequestLine, status: number, text: string, spec: AnswerSpec<T>): T {
  if (spec.noContentOnly && status !== 204) {
    throw new EngineResponseError(
      line,
      status,
      `${status} answer where the engine answers 204 No Content; is the URL the engine's REST root and not a proxy or login page?`,
    );
  }
  if (spec.text) return text as T;
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
  if (spec.accepts?.(json)) return json as T;
  const parsed = safeParse(spec.schema, json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new EngineResponseError(line, status, `the answer is not ${spec.expects ?? 'what the engine sends'} (${where}${issue?.message ?? 'invalid'})`);
  }
  return parsed.data;
}

/** A 4xx or 5xx answer as a typed error; `credentialsSent`: what the request carried. */
export function httpError(line: RequestLine, status: number, text: string, headers: Record<string, string>, credentialsSent: CredentialsKind): EngineHttpError {
  const body = parseEngineErrorBody(text);
  const bodySnippet = body ? undefined : snippet(text);
  if (status === 401) {
    return new EngineAuthenticationError(line, { body, bodySnippet, challenge: headers['www-authenticate'], credentialsSent });
  }
  if (status === 403) return new EngineAuthorizationError(line, body, bodySnippet);
  if (status === 404) return new EngineNotFoundError(line, { status, body, bodySnippet }, credentialsSent !== 'none');
  if (RETRYABLE_STATUS.has(status) && !body) {
    return new RetryableHttpError(line, status, bodySnippet, parseRetryAfter(headers['retry-after']));
  }
  return new EngineHttpError(line, { status, body, bodySnippet });
}

/** A request that got no answer, as a typed error: why, whether it certainly was not sent, and a hint. */
export function unreachableError(line: RequestLine, error: unknown, method: string, client: ClientSettings): EngineUnreachableError {
  const proxy = client.proxy;
  const refusal = causeChain(error).find((cause) => cause instanceof ProxyRefusedError);
  if (refusal) return proxyRefused(line, refusal.proxy, refusal.status);
  const { reason, detail, beforeConnected, serverAlert, plainHttp } = classifyNetworkError(error);
  // Only a connection never made (refused, no such host, timed out connecting) proves that not one
  // byte reached the engine.
  const certainlyNotSent = reason === 'connection-refused' || reason === 'dns' || beforeConnected === true || (reason === 'tls' && method !== 'GET');
  // Through a proxy, the connection that could not be made is the proxy's.
  if (proxy && (reason === 'connection-refused' || reason === 'dns' || beforeConnected === true)) {
    const what =
      reason === 'connection-refused' ? 'connection refused' : reason === 'dns' ? 'host name not found' : `not connected within ${client.timeoutMs} ms`;
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
    hint = `is it a plain http server? try --url ${client.baseUrl.replace(/^https:/, 'http:')}`;
  } else if (line.url.startsWith('https:') && (serverAlert || reason === 'connection-reset')) {
    hint = client.cert
      ? 'the server may not accept the client certificate: was it issued by a CA the server trusts for clients?'
      : 'if the server requires a client certificate, give it with --cert-file and --key-file, or certFile and keyFile in a profile';
  }
  return new EngineUnreachableError(line, reason, detail, certainlyNotSent, hint);
}

/** The proxy refused to pass the request on: nothing reached the engine. */
export function proxyRefused(line: RequestLine, proxy: ProxyRoute, status: number): EngineUnreachableError {
  const hint =
    status === 407
      ? proxy.authorization
        ? `the proxy did not accept the credentials in ${proxy.variable}`
        : `give the proxy's credentials in ${proxy.variable}: http://user:password@host:port`
      : `no_proxy or NO_PROXY lists the hosts reached directly, without the proxy`;
  return new EngineUnreachableError(
    line,
    'proxy',
    `the proxy ${proxy.display} (${proxy.variable}) refused to pass the request on: ${statusLine(status)}`,
    true,
    hint,
  );
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

export function classifyNetworkError(error: unknown): {
  reason: UnreachableReason;
  detail: string;
  beforeConnected?: boolean;
  serverAlert?: boolean;
  plainHttp?: boolean;
} {
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
    const name = alert
      .replace(/^ERR_SSL_\w+?_ALERT_/, '')
      .toLowerCase()
      .replace(/_/g, ' ');
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

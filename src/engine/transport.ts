/**
 * What EngineHttp needs from an HTTP client: send one request, get the whole answer as text.
 *
 * Two implementations, chosen by measurement (docs/performance.md): node:http for the few requests
 * of an ordinary command, because undici costs about 100 ms to load and start before its first
 * request; undici for bulk work (paging through everything, chunked migrations, id lookups),
 * where its per-request cost is lower and its start-up is paid once.
 */
/**
 * JSON text, its UTF-8 bytes, or those bytes in parts sent one after another: a million-id lookup
 * sends views of the bytes the ids were read into between a fixed head and tail, and copies nothing.
 */
export type RequestBody = string | Uint8Array | readonly Uint8Array[];

export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: RequestBody | undefined;
  signal?: AbortSignal | undefined;
}

export interface TransportResponse {
  status: number;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body decoded as UTF-8, without a byte order mark. */
  text: string;
}

export interface TransportOptions {
  /** Connect, wait for headers, and wait between body chunks: each at most this long. */
  timeoutMs: number;
  /** PEM text of extra trusted CAs, added to Node's built-in roots. */
  ca?: string | undefined;
  insecure?: boolean | undefined;
  /** PEM text of a client certificate and its key, for mutual TLS. */
  cert?: string | undefined;
  key?: string | undefined;
  /** Every request goes through this http:// proxy (src/config/proxy.ts decides). */
  proxy?: ProxyRoute | undefined;
}

/** An http:// proxy as the transports use it: CONNECT for https, absolute-form requests for http. */
export interface ProxyRoute {
  host: string;
  port: number;
  /** `Basic ...` from the credentials in the proxy URL, sent as Proxy-Authorization. */
  authorization?: string | undefined;
  /** The proxy URL with its password redacted, for messages, --verbose and `config show`. */
  display: string;
  /** The variable it came from, e.g. HTTPS_PROXY. */
  variable: string;
}

/** A proxy's refusal of a CONNECT tunnel (407, 403, 502...): code ERR_PROXY_REFUSED. */
export class ProxyRefusedError extends Error {
  override name = 'ProxyRefusedError';
  readonly code = 'ERR_PROXY_REFUSED';
  constructor(
    readonly proxy: ProxyRoute,
    readonly status: number,
  ) {
    super(`the proxy ${proxy.display} (${proxy.variable}) answered ${status} to CONNECT`);
  }
}

/**
 * Failures carry Node's or undici's error `code` (ECONNREFUSED, ETIMEDOUT, UND_ERR_SOCKET, a TLS
 * code...), which classifyNetworkError in ./error-decoding.ts turns into a reason.
 */
export interface HttpTransport {
  send(request: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
}

/** The body's length in bytes, for its content-length header. */
export function bodyByteLength(body: RequestBody): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof Uint8Array) return body.byteLength;
  let length = 0;
  for (const part of body) length += part.byteLength;
  return length;
}

/** The body as text, for --verbose. */
export function bodyText(body: RequestBody): string {
  if (typeof body === 'string') return body;
  const parts = body instanceof Uint8Array ? [body] : body;
  return Buffer.concat(parts.map((part) => Buffer.from(part.buffer, part.byteOffset, part.byteLength))).toString('utf8');
}

/** Header names in lower case, repeated headers joined, as both clients' header records allow. */
export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

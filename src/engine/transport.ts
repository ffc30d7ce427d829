/**
 * What EngineHttp needs from an HTTP client: send one request, get the whole answer as text.
 *
 * Two implementations, chosen by measurement (docs/performance.md): node:http for the few requests
 * of an ordinary command, because undici costs about 100 ms to load and start before its first
 * request; undici for bulk work (paging through everything, chunked migrations, id lookups),
 * where its per-request cost is lower and its start-up is paid once.
 */
export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** JSON text, or its UTF-8 bytes. */
  body?: string | Uint8Array | undefined;
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
}

/**
 * Failures carry Node's or undici's error `code` (ECONNREFUSED, ETIMEDOUT, UND_ERR_SOCKET, a TLS
 * code...), which classifyNetworkError in ./http.ts turns into a reason.
 */
export interface HttpTransport {
  send(request: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
}

/** Header names in lower case, repeated headers joined, as both clients' header records allow. */
export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/**
 * The transport for bulk work: undici's Agent with keep-alive connections, through its public entry
 * point. src/engine/http.ts imports this module only when bulk work starts.
 */
import { rootCertificates } from 'node:tls';
import { Agent, type Dispatcher } from 'undici';
import { type HttpTransport, type TransportOptions, type TransportRequest, type TransportResponse, bodyByteLength, flattenHeaders } from './transport.js';
import { withoutBom } from '../util/syntax.js';
import { setV8Flags } from '../util/v8-flags.js';

// undici parses HTTP with a WebAssembly module, compiled at its first connection. The baseline
// compiler is enough: tiering it up to TurboFan kept the process alive ~50 ms after the last
// request, and on Node 24 its compile took about 20 MB of RSS that stayed. At start-up,
// --liftoff-only implies the other two flags; set at run time, it does not, and on Node 24 V8 reads
// the other two (docs/performance.md).
setV8Flags('--liftoff-only --no-wasm-tier-up --no-wasm-dynamic-tiering');

export class UndiciTransport implements HttpTransport {
  private readonly agent: Agent;

  constructor(options: TransportOptions) {
    this.agent = new Agent({
      keepAliveTimeout: 10_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connect: {
        timeout: options.timeoutMs,
        // Node's `ca` replaces the built-in roots; --ca-file adds to them.
        ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
        ...(options.insecure ? { rejectUnauthorized: false } : {}),
      },
    });
  }

  async send(spec: TransportRequest): Promise<TransportResponse> {
    const url = new URL(spec.url);
    const body = spec.body;
    // Parts go as an iterable, which Dispatcher.dispatch documents and request() passes through
    // (its types leave it out); undici sends an iterable chunked unless told its length.
    const inParts = body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array);
    const response = await this.agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: spec.method as Dispatcher.HttpMethod,
      headers: inParts ? { ...spec.headers, 'content-length': String(bodyByteLength(body)) } : spec.headers,
      body: body as string | Uint8Array | undefined,
      signal: spec.signal,
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: flattenHeaders(response.headers), text: withoutBom(text) };
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

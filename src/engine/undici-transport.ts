/**
 * The transport for bulk work: undici's Agent with keep-alive connections, through its public entry
 * point. src/engine/http.ts imports this module only when bulk work starts.
 */
import { type ConnectionOptions, rootCertificates } from 'node:tls';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { openTunnel } from './node-transport.js';
import {
  type HttpTransport,
  type ProxyRoute,
  type TransportOptions,
  type TransportRequest,
  type TransportResponse,
  bodyByteLength,
  flattenHeaders,
} from './transport.js';
import { withoutBom } from '../util/syntax.js';
import { BASELINE_WASM_V8_FLAGS, setV8Flags } from '../util/v8-flags.js';

// undici parses HTTP with a WebAssembly module, compiled at its first connection: on V8's baseline
// compiler only (BASELINE_WASM_V8_FLAGS).
setV8Flags(BASELINE_WASM_V8_FLAGS.join(' '));

export class UndiciTransport implements HttpTransport {
  private readonly agent: Agent;
  private readonly proxy: ProxyRoute | undefined;

  constructor(options: TransportOptions) {
    const tls: ConnectionOptions = {
      // Node's `ca` replaces the built-in roots; --ca-file adds to them.
      ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
      ...(options.cert ? { cert: options.cert, key: options.key } : {}),
      ...(options.insecure ? { rejectUnauthorized: false } : {}),
    };
    this.proxy = options.proxy;
    const proxy = options.proxy;
    const direct = buildConnector({ timeout: options.timeoutMs, ...tls });
    this.agent = new Agent({
      keepAliveTimeout: 10_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      // Through a proxy, an https engine is reached by a CONNECT tunnel (the same as node:http's,
      // ./node-transport.ts), an http one by absolute-form requests to the proxy (send), whose
      // connections are made as without a proxy.
      connect: proxy
        ? (connection, callback) => {
            if (connection.protocol !== 'https:') {
              direct(connection, callback);
              return;
            }
            const host = connection.hostname.replace(/^\[(.*)\]$/, '$1');
            openTunnel(proxy, host, Number(connection.port) || 443, options.timeoutMs).then(
              // TLS over the tunnel, as undici's ProxyAgent does it.
              (socket) => direct({ ...connection, httpSocket: socket }, callback),
              (error: Error) => callback(error, null),
            );
          }
        : { timeout: options.timeoutMs, ...tls },
    });
  }

  async send(spec: TransportRequest): Promise<TransportResponse> {
    const url = new URL(spec.url);
    const body = spec.body;
    // Parts go as an iterable, which Dispatcher.dispatch documents and request() passes through
    // (its types leave it out); undici sends an iterable chunked unless told its length.
    const inParts = body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array);
    let headers = inParts ? { ...spec.headers, 'content-length': String(bodyByteLength(body)) } : spec.headers;
    let origin = url.origin;
    let path = `${url.pathname}${url.search}`;
    const proxy = this.proxy;
    if (proxy && url.protocol === 'http:') {
      // http through a proxy: the request in absolute form, to the proxy.
      origin = `http://${proxy.host.includes(':') ? `[${proxy.host}]` : proxy.host}:${proxy.port}`;
      path = url.href;
      headers = { ...headers, host: url.host, ...(proxy.authorization ? { 'proxy-authorization': proxy.authorization } : {}) };
    }
    const response = await this.agent.request({
      origin,
      path,
      method: spec.method as Dispatcher.HttpMethod,
      headers,
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

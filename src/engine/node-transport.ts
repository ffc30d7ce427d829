/**
 * The transport for ordinary commands: Node's own http/https client with one keep-alive agent per
 * protocol. It loads in a few milliseconds, where undici needs about 100 ms before its first answer.
 */
import type * as Http from 'node:http';
import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import type * as Https from 'node:https';
import type * as Tls from 'node:tls';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  type HttpTransport,
  type ProxyRoute,
  ProxyRefusedError,
  type TransportOptions,
  type TransportRequest,
  type TransportResponse,
  bodyByteLength,
  flattenHeaders,
} from './transport.js';
import { withoutBom } from '../util/syntax.js';

type RequestFunction = (url: URL, options: RequestOptions, callback: (response: IncomingMessage) => void) => ClientRequest;

interface ProtocolClient {
  request: RequestFunction;
  agent: Agent;
}

export class NodeHttpTransport implements HttpTransport {
  private readonly clients = new Map<string, Promise<ProtocolClient>>();

  constructor(private readonly options: TransportOptions) {}

  async send(request: TransportRequest): Promise<TransportResponse> {
    const url = new URL(request.url);
    const { request: open, agent } = await this.client(url.protocol);
    const headers = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(bodyByteLength(request.body));
    // http through a proxy: the request in absolute form to the proxy (https goes through a tunnel
    // that the agent opens, see httpsClient).
    const proxy = this.options.proxy;
    const forward = proxy && url.protocol === 'http:';
    const target = forward ? new URL(`http://${hostInUrl(proxy.host)}:${proxy.port}`) : url;
    if (forward) {
      headers.host = url.host;
      if (proxy.authorization) headers['proxy-authorization'] = proxy.authorization;
    }

    return new Promise((resolve, reject) => {
      let settled = false;
      let timedOut: Error | undefined;
      const fail = (error: unknown): void => {
        if (settled) return;
        settled = true;
        // Destroying the request on a timeout also surfaces as a reset: report the cause.
        reject(timedOut ?? error);
      };
      const options: RequestOptions = {
        method: request.method,
        headers,
        agent,
        timeout: this.options.timeoutMs,
        signal: request.signal,
        ...(forward ? { path: url.href } : {}),
      };
      const outgoing = open(target, options, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () => {
          if (settled) return;
          settled = true;
          resolve({ status: response.statusCode ?? 0, headers: flattenHeaders(response.headers), text: withoutBom(Buffer.concat(chunks).toString('utf8')) });
        });
        // A body cut short by the server: Node ends the stream without 'end'.
        response.on('close', () => {
          if (!response.complete) fail(Object.assign(new Error('the connection closed before the body was complete'), { code: 'ECONNRESET' }));
        });
      });
      // The socket was idle for timeoutMs: connecting, waiting for headers or between body chunks.
      outgoing.on('timeout', () => {
        // Still connecting (no socket yet, or one not connected): the request cannot have been sent.
        timedOut = timeoutError(this.options.timeoutMs, outgoing.socket?.connecting ?? true);
        outgoing.destroy(timedOut);
      });
      outgoing.on('error', fail);
      const body = request.body;
      if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) {
        outgoing.end(body);
      } else {
        // Parts are written as they are; the socket keeps what it cannot send yet.
        for (const part of body) outgoing.write(part);
        outgoing.end();
      }
    });
  }

  private client(protocol: string): Promise<ProtocolClient> {
    let client = this.clients.get(protocol);
    if (!client) {
      client = protocol === 'https:' ? this.httpsClient() : this.httpClient();
      this.clients.set(protocol, client);
    }
    return client;
  }

  private async httpClient(): Promise<ProtocolClient> {
    const http = builtin('node:http') ?? (await import('node:http'));
    return { request: http.request, agent: new http.Agent({ keepAlive: true }) };
  }

  private async httpsClient(): Promise<ProtocolClient> {
    const https = builtin('node:https') ?? (await import('node:https'));
    const { rootCertificates } = builtin('node:tls') ?? (await import('node:tls'));
    const tls = builtin('node:tls') ?? (await import('node:tls'));
    const options = {
      keepAlive: true,
      // Node's `ca` replaces the built-in roots; --ca-file adds to them.
      ...(this.options.ca ? { ca: [...rootCertificates, this.options.ca] } : {}),
      ...(this.options.cert ? { cert: this.options.cert, key: this.options.key } : {}),
      rejectUnauthorized: !this.options.insecure,
    };
    const proxy = this.options.proxy;
    const timeoutMs = this.options.timeoutMs;
    const agent = proxy
      ? new (class TunnellingAgent extends https.Agent {
          // Documented: the socket may be handed to the callback instead of returned.
          override createConnection(connection: Https.RequestOptions, callback?: (error: Error | null, stream: Duplex) => void): Duplex | null | undefined {
            openTunnel(proxy, connection.host ?? 'localhost', Number(connection.port) || 443, timeoutMs).then(
              (socket) => callback?.(null, tls.connect({ ...(connection as Tls.ConnectionOptions), socket })),
              (error: Error) => callback?.(error, undefined as unknown as Duplex),
            );
            return undefined;
          }
        })(options)
      : new https.Agent(options);
    return { request: https.request, agent };
  }

  async close(): Promise<void> {
    for (const client of this.clients.values()) (await client).agent.destroy();
    this.clients.clear();
  }
}

/**
 * A CONNECT tunnel through an http:// proxy to host:port: the socket, once the proxy answered 200.
 * Any other answer is a ProxyRefusedError; a proxy that does not answer within timeoutMs, a timeout
 * while connecting (nothing reached the engine).
 */
export async function openTunnel(proxy: ProxyRoute, host: string, port: number, timeoutMs: number): Promise<Socket> {
  const http = builtin('node:http') ?? (await import('node:http'));
  const authority = `${hostInUrl(host)}:${port}`;
  return new Promise((resolve, reject) => {
    const connect = http.request({
      host: proxy.host,
      port: proxy.port,
      method: 'CONNECT',
      path: authority,
      headers: { host: authority, ...(proxy.authorization ? { 'proxy-authorization': proxy.authorization } : {}) },
      agent: false,
      timeout: timeoutMs,
    });
    // Node reports every answer to a CONNECT here, whatever its status.
    connect.once('connect', (response: IncomingMessage, socket: Socket, head: Buffer) => {
      if (response.statusCode !== 200) {
        socket.destroy();
        reject(new ProxyRefusedError(proxy, response.statusCode ?? 0));
        return;
      }
      socket.setTimeout(0);
      if (head.length > 0) socket.unshift(head);
      resolve(socket);
    });
    connect.once('timeout', () => connect.destroy(timeoutError(timeoutMs, true)));
    connect.once('error', reject);
    connect.end();
  });
}

/** A host as it stands in a URL or a CONNECT line: an IPv6 address in brackets. */
function hostInUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

interface Builtins {
  'node:http': typeof Http;
  'node:https': typeof Https;
  'node:tls': typeof Tls;
}

/**
 * A built-in module without an ES module namespace: on Node 24 and 26, import('node:http') reads
 * every export of node:http, whose WebSocket getters load Node's own copy of undici (about 20 ms).
 * process.getBuiltinModule exists from Node 20.16 and 22.3; before, import() it is.
 */
function builtin<Id extends keyof Builtins>(id: Id): Builtins[Id] | undefined {
  return (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.(id) as Builtins[Id] | undefined;
}

function timeoutError(timeoutMs: number, connecting: boolean): Error {
  return Object.assign(new Error(connecting ? `not connected within ${timeoutMs} ms` : `no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT', connecting });
}

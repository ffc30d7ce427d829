/**
 * A forward proxy on 127.0.0.1 that records what passes through it, as a corporate proxy would see
 * it: plain http requests in absolute form (forwarded), and CONNECT tunnels (for https; the proxy
 * sees only host:port). With `credentials`, it answers 407 unless Proxy-Authorization carries them.
 */
import { createServer, type IncomingMessage, request as httpRequest } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

export interface ProxiedRequest {
  /** `GET http://127.0.0.1:1234/engine-rest/...` or `CONNECT 127.0.0.1:1234`. */
  line: string;
  /** The Proxy-Authorization header as received. */
  proxyAuthorization: string | undefined;
  /** 407 when the proxy refused it, otherwise what was passed on (200 for a tunnel). */
  status: number;
}

export interface RecordingProxy {
  /** http://127.0.0.1:PORT */
  url: string;
  seen: ProxiedRequest[];
  close(): Promise<void>;
}

export async function startRecordingProxy(options: { credentials?: { username: string; password: string } } = {}): Promise<RecordingProxy> {
  const seen: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const expected = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64')}`
    : undefined;
  const allowed = (request: IncomingMessage): boolean => expected === undefined || request.headers['proxy-authorization'] === expected;

  const server = createServer((request, response) => {
    const record: ProxiedRequest = { line: `${request.method} ${request.url}`, proxyAuthorization: request.headers['proxy-authorization'], status: 407 };
    seen.push(record);
    if (!allowed(request)) {
      response.writeHead(407, { 'proxy-authenticate': 'Basic realm="test proxy"', 'content-type': 'text/plain' });
      response.end('proxy authentication required');
      return;
    }
    const target = new URL(request.url ?? '/');
    const headers = { ...request.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest(target, { method: request.method, headers }, (answer) => {
      record.status = answer.statusCode ?? 0;
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => {
      record.status = 502;
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });

  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    const record: ProxiedRequest = { line: `CONNECT ${request.url}`, proxyAuthorization: request.headers['proxy-authorization'], status: 407 };
    seen.push(record);
    if (!allowed(request)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test proxy"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = (request.url ?? '').split(/:(?=\d+$)/);
    const upstream = connect(Number(port), host!.replace(/^\[(.*)\]$/, '$1'), () => {
      record.status = 200;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => {
      record.status = 502;
      client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
    });
    client.on('close', () => upstream.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

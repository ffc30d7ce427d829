// Both transports behind EngineHttp (node:http for ordinary commands, undici for bulk work) must
// answer and fail alike: the same text, the same headers, and failures that classify the same way.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyNetworkError } from '../../src/engine/error-decoding.js';
import { NodeHttpTransport } from '../../src/engine/node-transport.js';
import type { HttpTransport, TransportOptions } from '../../src/engine/transport.js';
import { UndiciTransport } from '../../src/engine/undici-transport.js';

type Route = (request: IncomingMessage, response: ServerResponse, body: string) => void;

const routes: Record<string, Route> = {
  '/json': (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'x-twice': ['a', 'b'] });
    response.end('\uFEFF{"id":"ü"}');
  },
  '/echo': (request, response, body) => {
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        method: request.method,
        length: request.headers['content-length'],
        chunked: request.headers['transfer-encoding'] === 'chunked',
        type: request.headers['content-type'],
        body,
      }),
    );
  },
  '/silent': () => {
    // Never answers: the client's timeout must end the request.
  },
  '/truncated': (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    response.write('{"id":"half', () => response.destroy());
  },
  '/reset': (request) => {
    request.socket.destroy();
  },
  '/slow-body': (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    response.write('{"id":');
  },
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => routes[request.url ?? '']?.(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failureReason(transport: HttpTransport, path: string, url = `${base}${path}`): Promise<string> {
  try {
    await transport.send({ method: 'GET', url, headers: {} });
  } catch (error) {
    return classifyNetworkError(error).reason;
  }
  throw new Error(`${path} did not fail`);
}

const transports: [string, (options: TransportOptions) => HttpTransport][] = [
  ['node:http', (options) => new NodeHttpTransport(options)],
  ['undici', (options) => new UndiciTransport(options)],
];

describe.each(transports)('the %s transport', (_name, create) => {
  let transport: HttpTransport;
  beforeAll(() => {
    transport = create({ timeoutMs: 300 });
  });
  afterAll(async () => {
    await transport.close();
  });

  it('returns status, lower-case headers with repeats joined, and the body as text without a BOM', async () => {
    const response = await transport.send({ method: 'GET', url: `${base}/json`, headers: { accept: 'application/json' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['x-twice']).toBe('a, b');
    expect(JSON.parse(response.text)).toEqual({ id: 'ü' });
  });

  it('sends a body with its length in bytes', async () => {
    const body = JSON.stringify({ name: 'Grüße' });
    const response = await transport.send({ method: 'POST', url: `${base}/echo`, headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(201);
    expect(JSON.parse(response.text)).toEqual({ method: 'POST', length: String(Buffer.byteLength(body)), chunked: false, type: 'application/json', body });
  });

  it('sends a body in parts as one body with their total length, views of a larger buffer included', async () => {
    const stored = Buffer.from('xx"ä","b",yy');
    const parts = [Buffer.from('{"ids":['), stored.subarray(2, stored.length - 3), Buffer.from(']}')];
    const body = '{"ids":["ä","b"]}';
    for (let attempt = 0; attempt < 2; attempt++) {
      // Twice: a retry sends the same parts again.
      const response = await transport.send({ method: 'POST', url: `${base}/echo`, headers: { 'content-type': 'application/json' }, body: parts });
      expect(JSON.parse(response.text)).toEqual({ method: 'POST', length: String(Buffer.byteLength(body)), chunked: false, type: 'application/json', body });
    }
  });

  it('keeps connections alive between requests', async () => {
    const sockets = new Set<unknown>();
    const onRequest = (request: IncomingMessage) => sockets.add(request.socket);
    server.on('request', onRequest);
    try {
      for (let index = 0; index < 5; index++) await transport.send({ method: 'GET', url: `${base}/json`, headers: {} });
    } finally {
      server.off('request', onRequest);
    }
    expect(sockets.size).toBeLessThan(3);
  });

  it('times out when no answer comes', async () => {
    expect(await failureReason(transport, '/silent')).toBe('timeout');
  });

  it('times out when the body stalls', async () => {
    expect(await failureReason(transport, '/slow-body')).toBe('timeout');
  });

  it('reports a body cut short as a reset connection', async () => {
    expect(await failureReason(transport, '/truncated')).toBe('connection-reset');
  });

  it('reports a connection closed before the answer as a reset connection', async () => {
    expect(await failureReason(transport, '/reset')).toBe('connection-reset');
  });

  it('reports a closed port as refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failureReason(transport, '', `http://127.0.0.1:${port}/json`)).toBe('connection-refused');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = transport.send({ method: 'GET', url: `${base}/silent`, headers: {}, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(controller.signal.aborted).toBe(true);
  });
});

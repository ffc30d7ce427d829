// Requests the engine answers with 204 No Content: a 2xx that carries a body is not the engine's
// (a proxy's login page) and must not pass for success, whichever transport carries it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineResponseError } from '../../src/engine/errors.js';
import { EngineHttp } from '../../src/engine/http.js';
import { enginePath } from '../../src/engine/paths.js';
import { MigrationApi } from '../../src/engine/migration.js';
import { describeFailure } from '../../src/exit.js';

const answers: Record<string, { status: number; type?: string; body: string }> = {
  '/no-content': { status: 204, body: '' },
  '/empty-200': { status: 200, body: '' },
  '/blank-200': { status: 200, type: 'text/plain', body: ' \r\n' },
  '/login': { status: 200, type: 'text/html', body: '<html><body>login</body></html>' },
  '/json-200': { status: 200, type: 'application/json', body: '{"ok":true}' },
  '/migration/execute': { status: 200, type: 'text/html', body: '<html>login</html>' },
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const answer = answers[request.url ?? ''] ?? { status: 404, body: '' };
      response.writeHead(answer.status, answer.type ? { 'content-type': answer.type } : {});
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe.each(['single', 'bulk'])('a request without a schema (%s transport)', (kind) => {
  const client = () => {
    const http = new EngineHttp({ baseUrl: base, timeoutMs: 5000, retries: 0, userAgent: 't' });
    if (kind === 'bulk') http.useBulkTransport();
    return http;
  };

  it.each(['/no-content', '/empty-200', '/blank-200'])('accepts %s', async (path) => {
    const http = client();
    try {
      await expect(http.request({ method: 'PUT', path: { encoded: path, root: false } })).resolves.toMatchObject({ data: undefined });
    } finally {
      await http.close();
    }
  });

  it.each(['/login', '/json-200'])("refuses a body on %s as not the engine's answer (exit 7)", async (path) => {
    const http = client();
    try {
      const error = await http.request({ method: 'POST', path: { encoded: path, root: false } }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EngineResponseError);
      expect((error as EngineResponseError).message).toMatch(
        /^POST http:\/\/\S+: 200 answer has a body \(.+\) where the engine sends none; is the URL the engine's REST root and not a proxy or login page\?$/,
      );
      expect(describeFailure(error).exitCode).toBe(7);
    } finally {
      await http.close();
    }
  });

  it('says the outcome is unknown for a change answered by a login page, not for a query sent as a POST', async () => {
    const http = client();
    try {
      const change = await http.request({ method: 'POST', path: { encoded: '/login', root: false } }).catch((caught: unknown) => caught);
      expect(describeFailure(change).hint).toContain('the outcome is unknown');
      const query = await http.request({ method: 'POST', path: { encoded: '/login', root: false }, idempotent: true }).catch((caught: unknown) => caught);
      expect((query as EngineResponseError).request.query).toBe(true);
      expect(describeFailure(query).hint).toBeUndefined();
    } finally {
      await http.close();
    }
  });

  it('makes a migration execute answered by a login page fail', async () => {
    const http = client();
    try {
      const execute = new MigrationApi(http).execute({
        migrationPlan: { sourceProcessDefinitionId: 'a', targetProcessDefinitionId: 'b', instructions: [] },
        processInstanceIds: ['x'],
      });
      await expect(execute).rejects.toThrow(`POST ${base}${enginePath`/migration/execute`.encoded}: 200 answer where the engine answers 204 No Content`);
    } finally {
      await http.close();
    }
  });
});

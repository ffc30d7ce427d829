// The bulk layer's pages of process instances are taken as the engine sent them, checked without the
// schema's copy of each row: what the schema would refuse is refused all the same, in its words.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineResponseError } from '../../src/engine/errors.js';
import { EngineHttp } from '../../src/engine/http.js';
import { ProcessInstanceApi } from '../../src/engine/process-instances.js';

const row = { links: [], id: 'i1', definitionId: 'd:1:x', businessKey: null, caseInstanceId: null, ended: false, suspended: true, tenantId: null };
let answer = '[]';
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function query(body: string, asSent: boolean): Promise<unknown> {
  answer = body;
  const http = new EngineHttp({ baseUrl: base, timeoutMs: 5000, retries: 0, userAgent: 't' });
  try {
    return await new ProcessInstanceApi(http).query({}, 0, 10, { asSent }).catch((error: unknown) => error);
  } finally {
    await http.close();
  }
}

describe('POST /process-instance rows taken as sent', () => {
  it('gives the rows with every field, in the engine order', async () => {
    const rows = (await query(JSON.stringify([row, { ...row, id: 'i2', suspended: false }]), true)) as object[];
    expect(rows).toEqual([row, { ...row, id: 'i2', suspended: false }]);
    expect(Object.keys(rows[0]!)).toEqual(Object.keys(row));
  });

  it.each([
    ['an id that is not a string', [{ ...row, id: 7 }]],
    ['no definitionId', [{ ...row, definitionId: undefined }]],
    ['suspended that is not a boolean', [row, { ...row, suspended: 'yes' }]],
    ['a null suspended', [{ ...row, suspended: null }]],
    ['a businessKey that is a number', [{ ...row, businessKey: 1 }]],
    ['a row that is not an object', [row, 'i2']],
    ['an object instead of a list', row],
  ])('refuses %s as the schema does', async (_case, body) => {
    const text = JSON.stringify(body);
    const [lean, full] = [await query(text, true), await query(text, false)];
    expect(lean).toBeInstanceOf(EngineResponseError);
    expect((lean as Error).message).toBe((full as Error).message);
    expect((lean as Error).message).toMatch(/the answer is not a list of process instances \(/);
  });

  it('refuses an answer that is not JSON as any answer', async () => {
    const error = await query('<html>login</html>', true);
    expect(error).toBeInstanceOf(EngineResponseError);
    expect((error as Error).message).toMatch(/answer is not JSON/);
  });
});

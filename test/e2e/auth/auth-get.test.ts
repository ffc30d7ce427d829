// The built bin/camunda-admin.cjs against the engine simulator over a real loopback socket.
import { readFileSync } from 'node:fs';
import stringWidth from 'string-width';
import { describe, expect } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { SEEDED_AUTHORIZATION_IDS, startSimulator } from '../../simulator/index.js';
import { runCli } from '../../helpers/cli.js';
import { fileTest } from '../../helpers/fixtures.js';

const ADMIN = SEEDED_AUTHORIZATION_IDS.adminApplication;
const sample = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../fixtures/samples/${name}`, import.meta.url), 'utf8'));

const it = fileTest();
it.afterEach(({ engine }) => {
  engine.clearFaults();
  engine.requests.length = 0;
});

describe('auth get', () => {
  it('prints the engine object unchanged with -o json', async ({ cli }) => {
    const result = await cli('auth', 'get', ADMIN, '-o', 'json');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(sample('authorization-get.json'));
  });

  it('prints the same object as YAML', async ({ cli }) => {
    const result = await cli('auth', 'get', ADMIN, '-o', 'yaml');
    expect(result.code).toBe(0);
    expect(parseYaml(result.stdout)).toEqual(sample('authorization-get.json'));
  });

  it('shows type, resource type, owner and permissions by name in the table', async ({ cli }) => {
    const result = await cli('auth', 'get', SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant);
    expect(result.code).toBe(0);
    const rows = Object.fromEntries(
      result.stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => line.split('\t') as [string, string]),
    );
    expect(rows).toEqual({
      Id: SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant,
      Type: 'grant',
      Owner: 'user john',
      'Resource type': 'process-definition (6)',
      'Resource id': 'refengine-demo',
      Permissions: 'READ, UPDATE',
      'Removal time': '-',
      'Root process instance': '-',
    });
    expect(result.stdout).not.toContain('\u001b[');
  });

  it.for([80, 40, 20])(
    'on a terminal of %i columns, wraps a resource id longer than the terminal within its cell, every line fitting',
    async (columns, { engine }) => {
      const id = 'f0000001-e5fe-11f1-a2ca-02fc00000001';
      // 120 characters without a space: it can only be broken at a character.
      const resourceId = `${'invoice-approval:'.repeat(7)}x`.padEnd(120, 'y');
      engine.state.authorizations.push({
        id,
        type: 1,
        userId: 'john',
        groupId: null,
        resourceType: 6,
        resourceId,
        permissions: ['READ', 'UPDATE_INSTANCE'],
        removalTime: null,
        rootProcessInstanceId: null,
      });
      try {
        const result = await runCli(['--url', engine.url, '--retries', '0', 'auth', 'get', id], { terminal: { stdout: columns } });
        expect(result.code).toBe(0);
        const lines = result.stdout.trimEnd().split('\n');
        expect(Math.max(...lines.map((line) => stringWidth(line)))).toBeLessThanOrEqual(columns);
        const rows = lines.slice(1, -1).map((line) =>
          line
            .split('│')
            .slice(1, -1)
            .map((cell) => cell.trim()),
        );
        // Every character of each id, in order, on the lines of its field.
        const values = rows.map(([, value]) => value).join('');
        expect(values).toContain(resourceId);
        expect(values).toContain(id);
        expect(result.stdout).not.toContain('…');
        // At 80 columns the names stay whole: narrowing them would not make room for the id.
        if (columns === 80) expect(rows.map(([name]) => name)).toContain('Root process instance');
      } finally {
        engine.state.authorizations.splice(
          engine.state.authorizations.findIndex((authorization) => authorization.id === id),
          1,
        );
      }
    },
  );

  it('describes global and revoke authorizations', async ({ cli }) => {
    const global = await cli('auth', 'get', SEEDED_AUTHORIZATION_IDS.globalFilterRead);
    expect(global.stdout).toMatch(/^Type\tglobal$/m);
    expect(global.stdout).toMatch(/^Owner\tall users \(\*\)$/m);
    expect(global.stdout).toMatch(/^Resource type\tfilter \(5\)$/m);
    const revoke = await cli('auth', 'get', SEEDED_AUTHORIZATION_IDS.salesProcessDefinitionRevoke);
    expect(revoke.stdout).toMatch(/^Type\trevoke$/m);
    expect(revoke.stdout).toMatch(/^Owner\tgroup sales$/m);
  });

  it('exits 5 with the engine message for an unknown id', async ({ engine, cli }) => {
    const result = await cli('auth', 'get', 'does-not-exist');
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: GET ${engine.url}/authorization/does-not-exist: 404 Not Found: InvalidRequestException: Authorization with id does-not-exist does not exist.\n`,
    );
  });

  it.for<[string, string]>([
    ['a/b', 'a%2Fb'],
    ['../group', '..%2Fgroup'],
    ['a b', 'a%20b'],
    ['100%', '100%25'],
  ])('sends the id %j as one path segment', async ([id, encoded], { engine, cli }) => {
    const result = await cli('auth', 'get', id);
    expect(result.code).toBe(5);
    expect(engine.requests.map((request) => request.path)).toEqual([`/engine-rest/authorization/${encoded}`]);
    expect(result.stderr).toContain(`Authorization with id ${id} does not exist.`);
  });

  it('refuses an id that no URL path can carry, sending nothing', async ({ engine, cli }) => {
    const result = await cli('auth', 'get', '..');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: the id '..' cannot be sent in a URL path\n");
    expect(engine.requests).toEqual([]);
  });

  it('sends Accept, User-Agent and goes to the named engine', async ({ engine, cli }) => {
    const version = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version as string;
    const result = await cli('--engine', 'default', 'auth', 'get', ADMIN, '-o', 'json');
    expect(result.code).toBe(0);
    const [request] = engine.requests;
    expect(request?.path).toBe(`/engine-rest/engine/default/authorization/${ADMIN}`);
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers['user-agent']).toBe(`camunda-admin/${version}`);
  });

  it('reports an unknown named engine as the engine answers it', async ({ cli }) => {
    const result = await cli('--engine', 'nope', 'auth', 'get', ADMIN);
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('400 Bad Request: InvalidRequestException: No process engine available');
  });
});

describe('failures on the way to the engine', () => {
  it('exits 4 on a 403 and names the missing permission', async ({ engine, cli }) => {
    engine.inject({ path: /^\/authorization\//, status: 403, contentType: 'application/json', body: JSON.stringify(sample('auth-denied-group-create.json')) });
    const result = await cli('auth', 'get', ADMIN);
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(`error: GET ${engine.url}/authorization/${ADMIN}: 403 Forbidden: user 'john' lacks CREATE on Group\n`);
  });

  it('exits 6 on a 500 with an engine body', async ({ engine, cli }) => {
    engine.inject({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ type: 'ProcessEngineException', message: 'ENGINE-03004 Exception while executing Database Operation', code: 0 }),
    });
    const result = await cli('auth', 'get', ADMIN);
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('500 Internal Server Error: ProcessEngineException: ENGINE-03004 Exception while executing Database Operation');
  });

  it('exits 7 on a proxy 502 HTML page, quoting its text', async ({ engine, cli }) => {
    engine.inject({
      status: 502,
      contentType: 'text/html',
      body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
    });
    const result = await cli('auth', 'get', ADMIN);
    expect(result.code).toBe(7);
    expect(result.stderr).toBe(
      `error: GET ${engine.url}/authorization/${ADMIN}: 502 Bad Gateway without an engine error body: "502 Bad Gateway 502 Bad Gateway nginx"\n`,
    );
  });

  it('exits 7 on an empty 503', async ({ engine, cli }) => {
    engine.inject({ status: 503 });
    const result = await cli('auth', 'get', ADMIN);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('503 Service Unavailable without an engine error body: empty body');
  });

  it('exits 7 when a 200 is an HTML login page, not the engine', async ({ engine, cli }) => {
    engine.inject({ status: 200, contentType: 'text/html', body: '<html><body><form>Sign in</form></body></html>' });
    const result = await cli('auth', 'get', ADMIN);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('200 answer is not JSON ("Sign in")');
  });

  it('exits 7 when the answer does not match the engine schema', async ({ engine, cli }) => {
    engine.inject({ status: 200, contentType: 'application/json', body: JSON.stringify({ id: 'x', type: 'grant' }) });
    const result = await cli('auth', 'get', ADMIN);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(/the answer is not an authorization \(type: .*number/);
  });

  it('exits 7 with a timeout naming the URL', async ({ engine, cli }) => {
    engine.inject({ delayHeadersMs: 3_000 });
    const result = await cli('--timeout', '0.3', 'auth', 'get', ADMIN);
    expect(result.code).toBe(7);
    expect(result.stderr).toBe(`error: GET ${engine.url}/authorization/${ADMIN}: timed out waiting for the engine (raise --timeout if it is just slow)\n`);
  });

  it('exits 7 when the connection is reset', async ({ engine, cli }) => {
    engine.inject({ resetConnection: true });
    const result = await cli('auth', 'get', ADMIN);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('the connection was closed before the answer was complete');
  });

  it('retries a GET after a 503 and succeeds', async ({ engine }) => {
    engine.inject({ status: 503, times: 1 });
    const result = await runCli(['--url', engine.url, '--retries', '1', 'auth', 'get', ADMIN, '-o', 'json']);
    expect(result.code).toBe(0);
    expect(engine.requests).toHaveLength(2);
  });

  it('exits 7 for a closed port', async () => {
    const closed = await startSimulator();
    const url = closed.url;
    await closed.close();
    const result = await runCli(['--url', url, '--retries', '0', 'auth', 'get', ADMIN]);
    expect(result.code).toBe(7);
    expect(result.stderr).toBe(`error: GET ${url}/authorization/${ADMIN}: connection refused (is the engine running, and is the URL right?)\n`);
  });

  it('exits 5 with a hint when the URL is not the REST root', async ({ engine }) => {
    const result = await runCli(['--url', `${engine.origin}/wrong-root`, '--retries', '0', 'auth', 'get', ADMIN]);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain("is --url the engine's REST root");
  });
});

// A change whose answer is lost says that its outcome is unknown and names the command that checks
// it; a duplicate authorization is refused by the simulator as by the engine, and auth create names
// the one in the way.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEEDED_AUTHORIZATION_IDS as AUTHORIZATIONS, type Simulator, startSimulator } from '../../simulator/index.js';
import { cleanEnv, runCli, tempDir } from '../../helpers/cli.js';

let engine: Simulator;
let dirs: string[];
beforeEach(async () => {
  engine = await startSimulator();
  dirs = [];
});
afterEach(async () => {
  await engine.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The CLI in a working directory and HOME of its own, both removed after the test. */
function cli(...args: string[]) {
  const cwd = tempDir();
  const home = tempDir('camunda-admin-home-');
  dirs.push(cwd, home);
  return runCli(['--url', engine.url, '--retries', '0', ...args], { cwd, env: cleanEnv({}, home) });
}

const UNKNOWN = 'the outcome is unknown: the engine may have received and acted on the request; check before repeating it';

describe('a change whose answer is lost', () => {
  it('auth create answered 504 by a gateway after the engine made it: exit 7, unknown, and the auth list that checks', async () => {
    engine.inject({ method: 'POST', path: /^\/authorization\/create$/, status: 504, afterEngine: true, times: 1 });
    const before = engine.state.authorizations.length;
    const result = await cli(
      'auth',
      'create',
      '--type',
      'grant',
      '--user',
      'alice',
      '--resource-type',
      'process-definition',
      '--resource-id',
      'inv',
      '--permissions',
      'READ',
    );
    expect(result.code).toBe(7);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: POST ${engine.url}/authorization/create: 504 Gateway Timeout without an engine error body: empty body (${UNKNOWN}: camunda-admin auth list --user alice --resource-type process-definition --resource-id inv)\n`,
    );
    expect(engine.state.authorizations).toHaveLength(before + 1);
    // The check shows it, and running the create again is refused as a duplicate naming it.
    const created = engine.state.authorizations.at(-1)!;
    const listed = await cli('auth', 'list', '--user', 'alice', '--resource-type', 'process-definition', '--resource-id', 'inv', '-o', 'json');
    expect(JSON.parse(listed.stdout).map((auth: { id: string }) => auth.id)).toEqual([created.id]);
  });

  it('quotes the check for a shell: a group owner and the resource id *', async () => {
    engine.inject({ method: 'POST', path: /^\/authorization\/create$/, status: 502, times: 1 });
    const result = await cli('auth', 'create', '--type', 'grant', '--group', 'sales', '--resource-type', 'filter', '--permissions', 'READ');
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(`(${UNKNOWN}: camunda-admin auth list --group sales --resource-type filter --resource-id '*')\n`);
  });

  it('auth delete: a lost answer, then a repeat that meets the deletion (404), is the lost answer (exit 7), not "not found"', async () => {
    const id = AUTHORIZATIONS.johnProcessDefinitionGrant;
    engine.inject({ method: 'DELETE', path: /^\/authorization\//, status: 504, afterEngine: true, times: 1 });
    const result = await runCli(['--url', engine.url, '--retries', '1', 'auth', 'delete', id, '--yes'], {
      cwd: track(tempDir()),
      env: cleanEnv({}, track(tempDir('camunda-admin-home-'))),
    });
    expect(engine.requests.filter((request) => request.method === 'DELETE')).toHaveLength(2);
    expect(engine.state.findAuthorization(id)).toBeUndefined();
    expect(result.code).toBe(7);
    expect(result.stderr).toBe(
      `error: DELETE ${engine.url}/authorization/${id}: 504 Gateway Timeout without an engine error body: empty body (after 2 attempts) (${UNKNOWN}: camunda-admin auth get ${id})\n`,
    );
  });

  it('auth update: a reset connection names auth get', async () => {
    const id = AUTHORIZATIONS.johnProcessDefinitionGrant;
    engine.inject({ method: 'PUT', resetConnection: true });
    const result = await cli('auth', 'update', id, '--add-permissions', 'DELETE');
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(
      new RegExp(`^error: PUT \\S+: the connection was closed before the answer was complete \\(${UNKNOWN}: camunda-admin auth get ${id}\\)\\n$`),
    );
  });

  it('group create: a timeout after sending names group get', async () => {
    engine.inject({ method: 'POST', path: /^\/group\/create$/, delayHeadersMs: 1500, times: 1 });
    const result = await cli('--timeout', '0.5', 'group', 'create', '--id', 'audit', '--name', 'Audit');
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(
      /^error: POST \S+\/group\/create: timed out waiting for the engine .*\(the outcome is unknown: .*: camunda-admin group get audit\)\n$/,
    );
  });

  it('group members add: one user, a 502; with several users the failed row says so', async () => {
    engine.inject({ method: 'PUT', path: /\/members\//, status: 502, afterEngine: true, times: 1 });
    const one = await cli('group', 'members', 'add', 'sales', 'mary');
    expect(one.code).toBe(7);
    expect(one.stderr).toContain(`(${UNKNOWN}: camunda-admin group members list sales)\n`);
    expect(engine.state.hasMembership('mary', 'sales')).toBe(true);

    engine.inject({ method: 'DELETE', path: /\/members\/mary$/, status: 504, afterEngine: true, times: 1 });
    const several = await cli('group', 'members', 'remove', 'sales', 'john', 'mary', '-o', 'json');
    expect(several.code).toBe(8);
    const rows = JSON.parse(several.stdout).results;
    expect(rows[1]).toMatchObject({ userId: 'mary', ok: false, result: expect.stringContaining(`(${UNKNOWN}: camunda-admin group members list sales)`) });
  });

  it('metrics delete-task-worker names the metrics sum that shows whether the entries are gone', async () => {
    engine.inject({ method: 'DELETE', path: /^\/metrics\/task-worker$/, status: 504, times: 1 });
    const result = await cli('metrics', 'delete-task-worker', '--before', '2025-01-01', '--yes');
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(`(${UNKNOWN}: camunda-admin metrics sum task-users --end 2025-01-01T00:00:00.000Z)\n`);
  });

  it('503 and 429 without an engine body: nothing was carried out, no unknown outcome', async () => {
    engine.inject({ method: 'POST', path: /^\/group\/create$/, status: 503, times: 1 });
    const unavailable = await cli('group', 'create', '--id', 'audit', '--name', 'Audit');
    expect(unavailable.code).toBe(7);
    expect(unavailable.stderr).toBe(`error: POST ${engine.url}/group/create: 503 Service Unavailable without an engine error body: empty body\n`);
    engine.inject({ method: 'POST', path: /^\/group\/create$/, status: 429, times: 1 });
    const limited = await cli('group', 'create', '--id', 'audit', '--name', 'Audit');
    expect(limited.code).toBe(7);
    expect(limited.stderr).not.toContain('outcome');
    expect(engine.state.findGroup('audit')).toBeUndefined();
  });
});

describe('a duplicate authorization', () => {
  const create = (...owner: string[]) => cli('auth', 'create', '--type', 'grant', ...owner, '--resource-type', 'filter', '--permissions', 'READ');

  it('auth create twice: the second exits 6 naming the first and the auth update that changes it', async () => {
    const first = await create('--user', 'john');
    expect(first.code).toBe(0);
    const id = first.stdout.trim();
    const before = engine.state.authorizations.length;
    const second = await cli('auth', 'create', '--type', 'grant', '--user', 'john', '--resource-type', 'filter', '--permissions', 'READ,UPDATE');
    expect(second.code).toBe(6);
    expect(second.stdout).toBe('');
    expect(second.stderr).toBe(
      `error: authorization ${id} is the grant for user john on filter '*' already (permissions READ); the engine keeps one per type, owner, resource type and resource id, so nothing was created (change that one instead: camunda-admin auth update ${id} --permissions READ,UPDATE)\n`,
    );
    expect(engine.state.authorizations).toHaveLength(before);
    // The same create again (a pipeline re-run): its goal holds, so it succeeds with the existing id.
    const again = await create('--user', 'john');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(`${id}\n`);
    expect(again.stderr).toBe(`the grant authorization ${id}: READ on filter '*' for user john exists already; nothing was created\n`);
    expect(engine.state.authorizations).toHaveLength(before);
    // Another owner, or a revoke beside the grant, is no duplicate.
    expect((await create('--group', 'john')).code).toBe(0);
    expect((await cli('auth', 'create', '--type', 'revoke', '--user', 'john', '--resource-type', 'filter', '--permissions', 'DELETE')).code).toBe(0);
  });

  it('auth update onto the type, owner, resource type and id of another: exit 6 naming it, nothing changed', async () => {
    const other = (await create('--user', 'mary')).stdout.trim();
    const mine = (await create('--group', 'sales')).stdout.trim();
    const result = await cli('auth', 'update', mine, '--user', 'mary');
    expect(result.code).toBe(6);
    expect(result.stderr).toContain(
      `error: authorization ${other} is the grant for user mary on filter '*' already (permissions READ); the engine keeps one per type, owner, resource type and resource id, so ${mine} was not changed`,
    );
    expect(engine.state.findAuthorization(mine)).toMatchObject({ groupId: 'sales', userId: null });
  });
});

function track(dir: string): string {
  dirs.push(dir);
  return dir;
}

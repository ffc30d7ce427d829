// engine switch-check against the simulator: what the credentials let it see (a non-admin sees no
// schema log and no product: the check says so and does not pass for clean), the schema log's
// other answers, a fork recognised by its version alone, and the identity section as a table.
import { describe, expect } from 'vitest';
import { test as it } from '../../helpers/fixtures.js';

interface Report {
  alreadySwitchedTo: string | null;
  restrictedView: boolean;
  schemaVersion: string | null;
  schemaVersionUnknownReason: string | null;
  notes: { topic: string; message: string }[];
  summary: Record<string, number>;
}

const VISIBILITY_NOTE =
  'note: the engine shows its schema log and product only to admins and to READ on System, and showed them not: these credentials are no admin, so only the definitions, instances and variables they may read were checked; run the check as an admin';

describe('engine switch-check with Basic auth', () => {
  it.override({ simulatorOptions: { basicAuth: true } });

  it('says a non-admin sees only part of the engine, and gives exit 10 for it with --detailed-exitcode', async ({ cli }) => {
    const john = ['--username', 'john', '--password', 'john'];
    const result = await cli(...john, 'engine', 'switch-check', '--to', 'cibseven', '--detailed-exitcode', '-o', 'json');
    expect(result.code).toBe(10);
    const report = JSON.parse(result.stdout) as Report;
    expect(report).toMatchObject({ restrictedView: true, schemaVersion: null, schemaVersionUnknownReason: 'empty', alreadySwitchedTo: null });
    expect(report.notes.map((note) => note.topic)).toEqual(['visibility']);
    const table = await cli(...john, 'engine', 'switch-check', '--to', 'cibseven');
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(`${VISIBILITY_NOTE}\n`);
    expect(table.stdout).toMatch(/^Database schema\tunknown: the engine showed no schema log \(it shows it to admins and READ on System only\)$/m);
    expect(table.stdout).toMatch(/^Summary\tnothing found in what these credentials may read: run the check as an admin before switching to CIB seven$/m);
  });

  it('sees everything as an admin', async ({ cli }) => {
    const result = await cli('--username', 'demo', '--password', 'demo', 'engine', 'switch-check', '--to', 'cibseven', '-o', 'json');
    const report = JSON.parse(result.stdout) as Report;
    expect(report).toMatchObject({ restrictedView: false, schemaVersion: '7.24.0' });
    expect(report.notes.filter((note) => note.topic === 'visibility')).toEqual([]);
  });

  it('names the camunda-admin group, its members and authorizations as a table when moving to Operaton', async ({ cli }) => {
    const result = await cli('--username', 'demo', '--password', 'demo', 'engine', 'switch-check', '--to', 'operaton');
    expect(result.code).toBe(0);
    const identity = result.stdout.split('\n\n').find((part) => part.startsWith('Identity\n'));
    expect(identity).toBeDefined();
    const rows = identity!.split('\n').slice(1);
    expect(rows[0]).toBe('Group\tcamunda-admin');
    expect(rows[1]).toMatch(/^Members\t.*\bdemo\b/);
    expect(rows[2]).toMatch(/^Authorizations\t[1-9]\d*$/);
    expect(rows[3]).toMatch(/^Why\tOperaton's admin group is operaton-admin: members of camunda-admin are no admins there/);
    expect(rows[4]).toMatch(/^Remedy\tcreate operaton-admin with the same members and authorizations/);
  });
});

describe.each(['operaton', 'cibseven'] as const)('a non-admin on a %s engine', (flavour) => {
  it.override({ simulatorOptions: { basicAuth: true, flavour } });
  it('knows the fork by its version when the engine does not name its product', async ({ engine, cli }) => {
    const result = await cli('--username', 'john', '--password', 'john', 'engine', 'switch-check', '--to', 'operaton', '--detailed-exitcode');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`The engine is already Operaton or CIB seven (version ${engine.state.version}): it has been switched; nothing to check.\n`);
  });
});

describe('engine switch-check and the schema log', () => {
  it('says an engine without GET /schema/log is before 7.11, and still checks everything', async ({ engine, cli }) => {
    engine.inject({ method: 'GET', path: /\/schema\/log/, status: 404, contentType: 'text/html', body: '<html>Not Found</html>', times: 1 });
    const result = await cli('engine', 'switch-check', '--to', 'cibseven', '-o', 'json');
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout) as Report).toMatchObject({ restrictedView: false, schemaVersion: null, schemaVersionUnknownReason: 'unavailable' });
    engine.inject({ method: 'GET', path: /\/schema\/log/, status: 404, contentType: 'text/html', body: '<html>Not Found</html>', times: 1 });
    const table = await cli('engine', 'switch-check', '--to', 'cibseven');
    expect(table.stdout).toMatch(/^Database schema\tunknown: the engine has no GET \/schema\/log \(before Camunda 7\.11\)$/m);
  });

  it('takes a refused schema log (a gateway) as a restricted view', async ({ engine, cli }) => {
    const refusal = { type: 'AuthorizationException', message: 'The user with id "gw" does not have READ permission on System', code: 0 };
    engine.inject({ method: 'GET', path: /\/schema\/log/, status: 403, contentType: 'application/json', body: JSON.stringify(refusal), times: 1 });
    const result = await cli('engine', 'switch-check', '--to', 'cibseven', '--detailed-exitcode', '-o', 'json');
    expect(result.code).toBe(10);
    expect(JSON.parse(result.stdout) as Report).toMatchObject({ restrictedView: true, schemaVersionUnknownReason: 'forbidden' });
  });
});

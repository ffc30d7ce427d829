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
  'note: the engine did not show these credentials its schema log or product, which it shows to admins and to READ on System only: they are no admin, so only the definitions, instances and variables they may read were checked; run the check as an admin';

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

  it('takes a user who may read the system but not the definitions for a restricted view', async ({ engine, cli }) => {
    const demo = { Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}`, 'Content-Type': 'application/json' };
    const post = async (path: string, body: unknown) =>
      expect((await fetch(`${engine.url}${path}`, { method: 'POST', headers: demo, body: JSON.stringify(body) })).status).toBeLessThan(300);
    await post('/user/create', { profile: { id: 'mon', firstName: 'M', lastName: 'On' }, credentials: { password: 'mon12345' } });
    await post('/authorization/create', { type: 1, permissions: ['READ'], userId: 'mon', groupId: null, resourceType: 21, resourceId: '*' });
    const result = await cli('--username', 'mon', '--password', 'mon12345', 'engine', 'switch-check', '--to', 'cibseven', '--detailed-exitcode', '-o', 'json');
    expect(result.code).toBe(10);
    const report = JSON.parse(result.stdout) as Report;
    expect(report).toMatchObject({ restrictedView: true, schemaVersion: '7.24.0' });
    expect(report.notes).toEqual([
      {
        topic: 'visibility',
        message:
          'these credentials may not read all process definitions, decision definitions, runtime variables (GET /authorization/check) and are no member of camunda-admin: what they may not read was not checked; run the check as an admin (on an engine without authorization checks they saw everything)',
      },
    ]);
  });

  it('names an external script whose deployment the user may not read, checks the rest, and takes it for a restricted view', async ({ engine, cli }) => {
    const demo = { Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` };
    const post = async (path: string, body: unknown) =>
      expect(
        (await fetch(`${engine.url}${path}`, { method: 'POST', headers: { ...demo, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status,
      ).toBeLessThan(300);
    const model = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="swScript" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="start" /><bpmn:scriptTask id="total" scriptFormat="javascript" camunda:resource="deployment://total.js" />
  </bpmn:process>
</bpmn:definitions>
`;
    const form = new FormData();
    form.append('deployment-name', 'sw-script');
    form.append('model', new Blob([model]), 'script.bpmn');
    form.append('script', new Blob(["Java.type('org.camunda.bpm.engine.variable.Variables')"]), 'total.js');
    expect((await fetch(`${engine.url}/deployment/create`, { method: 'POST', headers: demo, body: form })).status).toBe(200);
    await post('/user/create', { profile: { id: 'svc', firstName: 'S', lastName: 'Vc' }, credentials: { password: 'svc12345' } });
    for (const [resourceType, permissions] of [
      [6, ['READ', 'READ_INSTANCE']],
      [10, ['READ']],
      [8, ['READ']],
      [21, ['READ']],
    ] as const) {
      await post('/authorization/create', { type: 1, permissions, userId: 'svc', groupId: null, resourceType, resourceId: '*' });
    }
    const result = await cli('--username', 'svc', '--password', 'svc12345', 'engine', 'switch-check', '--to', 'operaton', '--detailed-exitcode', '-o', 'json');
    expect(result.code).toBe(10);
    const report = JSON.parse(result.stdout) as Report & { resources: { definitionKey: string }[] };
    expect(report.restrictedView).toBe(true);
    expect(report.summary['scriptsNotChecked']).toBe(1);
    expect(report.notes).toContainEqual({
      topic: 'external-script',
      message:
        'swScript:1 total (script.bpmn:4:89) runs deployment://total.js from its deployment, which these credentials may not read (READ on Deployment): not checked',
    });
    expect(report.notes).toContainEqual({
      topic: 'visibility',
      message: 'these credentials may not read the deployment of an external script (READ on Deployment): run the check as an admin',
    });
    // The rest was checked: the seeded invoice example's delegate is there.
    expect(report.resources.some((finding) => finding.definitionKey === 'invoice')).toBe(true);
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

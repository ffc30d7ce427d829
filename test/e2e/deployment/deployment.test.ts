// `deployment create|list|get|delete` against the simulator: files checked offline before anything
// is sent, one multipart deployment, duplicate filtering, the engine's refusal per line, cascading
// deletes behind a confirmation that names the running instances.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { deploymentStore } from '../../simulator/deployments.js';
import { test } from '../../helpers/fixtures.js';

const bpmn = (
  id: string,
  { ttl = ' camunda:historyTimeToLive="30"', task = '<bpmn:userTask id="approve" name="Approve" />' } = {},
) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
                  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${id}" isExecutable="true"${ttl}>
    <bpmn:startEvent id="start" />
    ${task}
  </bpmn:process>
</bpmn:definitions>
`;

const FORM = '{"id":"dep-approve","type":"default","components":[],"schemaVersion":16}\n';
const FORM_TASK = '<bpmn:userTask id="approve" camunda:formRef="dep-approve" camunda:formRefBinding="deployment" />';

/** A release directory: a process whose task takes its form from the deployment, and the form. */
function release(cwd: string, task = FORM_TASK): string {
  const directory = join(cwd, 'release');
  mkdirSync(join(directory, 'forms'), { recursive: true });
  writeFileSync(join(directory, 'dep-order.bpmn'), bpmn('dep-order', { task }));
  writeFileSync(join(directory, 'forms', 'approve.form'), FORM);
  return directory;
}

const it = test;

describe('deployment create', () => {
  it('deploys a directory as one deployment, then deploys it once only with --changed-only', async ({ engine, cli, cwd }) => {
    release(cwd);
    const first = await cli(['deployment', 'create', 'release', '--name', 'dep-release', '--changed-only'], { cwd });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Name\tdep-release$/m);
    expect(first.stdout).toMatch(/^process\tdep-order\t1\tdep-order:1:\S+\tdep-order\.bpmn$/m);
    expect(first.stderr).toMatch(/^deployed the changed files of 2 files as deployment \S+: dep-order v1$/m);
    const [sent] = engine.requests.filter((request) => request.method === 'POST');
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body).toContain('name="deployment-name"\r\n\r\ndep-release\r\n');
    expect(sent?.body).toContain('name="deploy-changed-only"\r\n\r\ntrue\r\n');
    expect(sent?.body).toContain('filename="forms/approve.form"');

    const second = await cli(['deployment', 'create', 'release', '--name', 'dep-release', '--changed-only'], { cwd });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('no new definition');
    expect(second.stderr).toMatch(/^nothing changed: the files are those of deployment \S+ \(dep-release\); nothing new was deployed$/m);
    expect(engine.state.processDefinitions.filter((definition) => definition.key === 'dep-order').map((definition) => definition.version)).toEqual([1]);
    expect(deploymentStore(engine.state).deployments.filter((deployment) => deployment.name === 'dep-release')).toHaveLength(1);
  });

  it('deploys only the changed file with --changed-only; -o json prints the engine answer with the new version', async ({ engine, cli, cwd }) => {
    const directory = release(cwd);
    expect((await cli(['deployment', 'create', 'release', '--name', 'dep-release', '--changed-only'], { cwd })).code).toBe(0);
    writeFileSync(join(directory, 'dep-order.bpmn'), bpmn('dep-order', { task: `${FORM_TASK}<bpmn:endEvent id="end" />` }));
    const result = await cli(['deployment', 'create', 'release', '--name', 'dep-release', '--changed-only', '-o', 'json'], { cwd });
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout);
    expect(Object.values(answer.deployedProcessDefinitions)).toMatchObject([{ key: 'dep-order', version: 2, resource: 'dep-order.bpmn' }]);
    expect(answer.deployedDecisionDefinitions).toBeNull();
    const latest = deploymentStore(engine.state).deployments.at(-1)!;
    expect(latest.resources.map((resource) => resource.name)).toEqual(['dep-order.bpmn']);
  });

  it('--filter-duplicates deploys nothing when nothing changed, every file when one did', async ({ engine, cli, cwd }) => {
    const directory = release(cwd);
    const args = ['deployment', 'create', 'release', '--name', 'dep-release', '--filter-duplicates'];
    expect((await cli(args, { cwd })).code).toBe(0);
    expect((await cli(args, { cwd })).stderr).toContain('nothing changed');
    writeFileSync(join(directory, 'forms', 'approve.form'), FORM.replace('"components":[]', '"components":[{"type":"text","text":"Approve?"}]'));
    const changed = await cli(args, { cwd });
    expect(changed.stderr).toMatch(/^deployed 2 files as deployment \S+: dep-order v2$/m);
    expect(
      deploymentStore(engine.state)
        .deployments.at(-1)
        ?.resources.map((resource) => resource.name),
    ).toEqual(['dep-order.bpmn', 'forms/approve.form']);
  });

  it('refuses a BPMN without a time-to-live before sending, with its file and line (exit 3)', async ({ engine, cli, cwd }) => {
    writeFileSync(join(cwd, 'no-ttl.bpmn'), bpmn('dep-nottl', { ttl: '' }));
    const result = await cli(['deployment', 'create', 'no-ttl.bpmn', '--name', 'dep-nottl'], { cwd });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe(
      "no-ttl.bpmn:4:3: process 'dep-nottl' has no historyTimeToLive (the engine refuses to deploy it: ENGINE-12018 History Time To Live (TTL) cannot be null)\n",
    );
    expect(result.stderr).toContain('nothing was sent');
    expect(engine.requests).toEqual([]);
  });

  it("prints the engine's own refusal per problem with the file's place (exit 6)", async ({ cli, cwd }) => {
    writeFileSync(join(cwd, 'no-ttl.bpmn'), bpmn('dep-nottl', { ttl: '' }));
    const result = await cli(['deployment', 'create', 'no-ttl.bpmn', '--allow-missing'], { cwd });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain(
      'the engine refused the deployment: a problem in its models\nno-ttl.bpmn:4:52: ENGINE-12018 History Time To Live (TTL) cannot be null. TTL is necessary for the History Cleanup to work. The following options are possible\n',
    );
  });

  it('refuses a form the process takes from its deployment when no file has it', async ({ engine, cli, cwd }) => {
    const directory = release(cwd);
    const result = await cli(['deployment', 'create', join(directory, 'dep-order.bpmn')], { cwd });
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(
      /dep-order\.bpmn:6:33: userTask 'approve' takes a form with the id 'dep-approve' from its own deployment \(binding="deployment"\), and none of the files deployed has it\n$/,
    );
    expect(engine.requests).toEqual([]);
  });

  it('a lost answer is exit 7 naming the command that shows whether the engine deployed', async ({ engine, cli, cwd }) => {
    release(cwd);
    engine.inject({ method: 'POST', path: /^\/deployment\/create$/, status: 504, afterEngine: true, times: 1 });
    const result = await cli(['deployment', 'create', 'release', '--name', 'dep-release'], { cwd });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('camunda-admin deployment list --name dep-release');
    expect(deploymentStore(engine.state).deployments.filter((deployment) => deployment.name === 'dep-release')).toHaveLength(1);
  });

  it('--dry-run lists the resources and sends nothing; --changed-only needs --name', async ({ engine, cli, cwd }) => {
    release(cwd);
    const dry = await cli(['deployment', 'create', 'release', '--dry-run'], { cwd });
    expect(dry.code).toBe(0);
    expect(dry.stdout.split('\n').map((line) => line.split('\t').slice(0, 2).join(' '))).toEqual([
      'Resource File',
      'dep-order.bpmn release/dep-order.bpmn',
      'forms/approve.form release/forms/approve.form',
      '',
    ]);
    const unnamed = await cli(['deployment', 'create', 'release', '--changed-only'], { cwd });
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain('give --name');
    expect(engine.requests).toEqual([]);
  });
});

describe('deployment list, get, delete', () => {
  const SEEDED = 'c8cbcfe2-e5fe-11f1-a2ca-02fc00000001';

  it('lists by name and shows one with its resources', async ({ cli, cwd }) => {
    release(cwd);
    expect((await cli(['deployment', 'create', 'release', '--name', 'dep-release'], { cwd })).code).toBe(0);
    const listed = JSON.parse((await cli('deployment', 'list', '--name', 'dep-release', '-o', 'json')).stdout);
    expect(listed).toMatchObject([{ name: 'dep-release', source: null, tenantId: null }]);
    const shown = await cli('deployment', 'get', listed[0].id);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^dep-order\.bpmn\t\S+$/m);
    expect(shown.stdout).toMatch(/^forms\/approve\.form\t\S+$/m);
    expect((await cli('deployment', 'get', 'nope')).code).toBe(5);
  });

  it('lists oldest first by deployment time, as the help says; --sort-order desc alone: newest first', async ({ engine, cli }) => {
    const times = (stdout: string) => (JSON.parse(stdout) as { deploymentTime: string }[]).map((row) => row.deploymentTime);
    engine.requests.length = 0;
    const oldest = await cli('deployment', 'list', '--all', '-o', 'json');
    expect(oldest.code).toBe(0);
    expect(engine.requests[0]?.path).toContain('sortBy=deploymentTime&sortOrder=asc');
    const ascending = times(oldest.stdout);
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort());
    const newest = await cli('deployment', 'list', '--sort-order', 'desc', '--all', '-o', 'json');
    expect(newest.code).toBe(0);
    expect(times(newest.stdout)).toEqual([...ascending].reverse());
    const byName = await cli('deployment', 'list', '--sort-by', 'name', '--sort-order', 'desc', '--all', '-o', 'json');
    const names = (JSON.parse(byName.stdout) as { name: string | null }[]).map((row) => row.name ?? '');
    expect(names).toEqual([...names].sort().reverse());
  });

  it('an empty list says, with credentials, that none may be readable', async ({ cli }) => {
    expect((await cli('deployment', 'list', '--name', 'dep-none')).stderr).toBe('no deployments\n');
    const asUser = await cli(['--username', 'demo', '--password-stdin', 'deployment', 'list', '--name', 'dep-none'], { stdin: 'demo\n' });
    expect(asUser.code).toBe(0);
    expect(asUser.stdout).toBe('');
    expect(asUser.stderr).toBe('no deployments (none is deployed, or these credentials may read none)\n');
  });

  it('without --cascade the refusal for running instances is one line (exit 6)', async ({ engine, cli }) => {
    const running = engine.state.processInstances.filter((instance) => instance.definitionId.startsWith('refengine-demo:1:')).length;
    expect(running).toBeGreaterThan(0);
    const result = await cli('deployment', 'delete', SEEDED, '--yes');
    expect(result.code).toBe(6);
    expect(result.stderr).toContain(`the engine refused to delete deployment ${SEEDED} (refengine-demo-v1): ${running} process instance`);
  });

  it('--cascade asks naming the running instances; off a terminal it needs --yes', async ({ engine, cli }) => {
    const running = engine.state.processInstances.filter((instance) => instance.definitionId.startsWith('refengine-demo:1:')).length;
    const refused = await cli('deployment', 'delete', SEEDED, '--cascade');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`delete deployment ${SEEDED} (refengine-demo-v1) with ${running} running process instances`);
    expect(engine.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    const deleted = await cli('deployment', 'delete', SEEDED, '--cascade', '--yes');
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toContain(`deleted deployment ${SEEDED} with ${running} running process instances`);
    expect(engine.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      `/engine-rest/deployment/${SEEDED}?cascade=true`,
    ]);
    expect(engine.state.processDefinitions.some((definition) => definition.deploymentId === SEEDED)).toBe(false);
    expect((await cli('deployment', 'get', SEEDED)).code).toBe(5);
  });
});

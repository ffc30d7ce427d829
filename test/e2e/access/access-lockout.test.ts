// The lock-out guard of `access apply`, with Basic auth on: a plan that takes from the credentials'
// user what they need to read and change authorizations and groups is refused, naming the change.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminGrantId, ResourceType, type Simulator, startSimulator } from '../../simulator/index.js';
import { runCli, tempDir } from '../../helpers/cli.js';

let engine: Simulator;
let cwd: string;
beforeEach(async () => {
  engine = await startSimulator({ basicAuth: true, loginDelayBaseSeconds: 0 });
  cwd = tempDir();
});
afterEach(async () => {
  await engine.close();
});

const as = (user: string, ...args: string[]) =>
  runCli(['--url', engine.url, '--retries', '0', '--username', user, '--password-stdin', ...args], { cwd, stdin: user });
const write = (text: string) => writeFileSync(join(cwd, 'access.yaml'), text);
const changesSent = () => engine.requests.filter((request) => request.method !== 'GET');

// The admin group's grants on authorization and group, pruned: what demo (a member) works with.
const PRUNE_ADMIN = 'scope: { groups: [camunda-admin], resourceTypes: [authorization, group] }\ngroups:\n  camunda-admin: { members: [demo] }\n';

describe('access export by a user who may read nothing', () => {
  it('warns that the file is empty because of the permissions, and what --prune would do with it', async () => {
    const result = await as('john', 'access', 'export', '-o', 'json');
    expect(result.code, result.stderr).toBe(0);
    const exported = JSON.parse(result.stdout) as { scope: { groups: string[] }; groups: object };
    expect(exported).toMatchObject({ scope: { groups: ['*'] }, groups: {} });
    expect(result.stderr).toContain(
      'warning: the export holds no group: the engine leaves out what the user of these credentials may not read (READ on group and authorization); applied with --prune, the file deletes every group in its scope (apply refuses that without --allow-empty)\n',
    );
    // Applied with --prune by an admin, that file would delete every group: refused, nothing sent.
    writeFileSync(join(cwd, 'access.json'), result.stdout);
    const groupsBefore = engine.state.groups.length;
    const refused = await as('demo', 'access', 'apply', 'access.json', '--prune', '--yes', '--allow-lockout');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /error: refusing to apply: access\.json holds no group: with --prune the plan deletes every group in its scope \(\d+ groups, \d+ deletions in all\); nothing was changed \(check the file; --allow-empty applies it all the same\)\n$/,
    );
    expect(changesSent()).toEqual([]);
    expect(engine.state.groups.length).toBe(groupsBefore);
    const admin = await as('demo', 'access', 'export', '-o', 'json');
    expect(admin.stderr).not.toContain('holds no group');
  });
});

describe('the lock-out guard', () => {
  it("refuses to prune the admin group's ALL grants the credentials' user relies on (exit 2), naming the changes", async () => {
    write(PRUNE_ADMIN);
    const result = await as('demo', 'access', 'apply', 'access.yaml', '--prune', '--yes');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'error: refusing to apply: the plan would take from demo (the user of these credentials) READ, CREATE, UPDATE, DELETE on authorization; READ, CREATE, UPDATE, DELETE on group, by ',
    );
    expect(result.stderr).toContain(`delete authorization grant group camunda-admin on authorization * (${adminGrantId(ResourceType.AUTHORIZATION)})`);
    expect(result.stderr).toContain(`delete authorization grant group camunda-admin on group * (${adminGrantId(ResourceType.GROUP)})`);
    expect(result.stderr).toMatch(/nothing was changed \(check the plan; --allow-lockout applies it all the same\)\n$/);
    expect(result.stdout).toBe('');
    expect(changesSent()).toEqual([]);
    expect(engine.state.findAuthorization(adminGrantId(ResourceType.AUTHORIZATION))).toBeDefined();
  });

  it('warns in plan and --dry-run; --allow-lockout applies', async () => {
    write(PRUNE_ADMIN);
    const plan = await as('demo', 'access', 'plan', 'access.yaml', '--prune');
    expect(plan.code).toBe(0);
    expect(plan.stderr).toMatch(/warning: lock-out guard: the plan would take from demo .*; apply refuses this plan without --allow-lockout\n/);
    expect((await as('demo', 'access', 'apply', 'access.yaml', '--prune', '--dry-run')).stderr).toContain(
      'warning: lock-out guard: the plan would take from demo',
    );
    const allowed = await as('demo', 'access', 'apply', 'access.yaml', '--prune', '--yes', '--allow-lockout');
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(engine.state.findAuthorization(adminGrantId(ResourceType.AUTHORIZATION))).toBeUndefined();
  });

  it('refuses to take the user out of the admin group', async () => {
    engine.state.authorizations.push({
      id: 'demo-own',
      type: 1,
      permissions: ['ALL'],
      userId: 'demo',
      groupId: null,
      resourceType: ResourceType.AUTHORIZATION,
      resourceId: '*',
      removalTime: null,
      rootProcessInstanceId: null,
    });
    write('groups:\n  camunda-admin: { members: [] }\n');
    const result = await as('demo', 'access', 'apply', 'access.yaml', '--prune', '--yes');
    expect(result.code).toBe(2);
    // The user's own ALL on authorization stays; the group's grants on group and memberships go with the membership.
    expect(result.stderr).toContain(
      'the plan would take from demo (the user of these credentials) READ, CREATE, UPDATE, DELETE on group; CREATE, DELETE on group-membership; membership of the admin group camunda-admin, by remove member camunda-admin: demo;',
    );
    expect(changesSent()).toEqual([]);
  });

  it("lets through what takes nothing from the credentials' user", async () => {
    write('groups:\n  sales: { members: [john] }\nauthorizations:\n  - { type: grant, group: camunda-admin, resource: authorization, permissions: [ALL] }\n');
    const result = await as('demo', 'access', 'apply', 'access.yaml', '--prune', '--yes');
    expect(result.code, result.stderr).toBe(0);
    expect(engine.state.memberIdsOf('sales')).toEqual(['john']);
  });

  it("a bearer token's user cannot be told: a plan that may take permissions away needs --allow-lockout", async () => {
    await engine.close();
    engine = await startSimulator();
    write(PRUNE_ADMIN);
    const token = (...args: string[]) => runCli(['--url', engine.url, '--retries', '0', '--token', 'abc', ...args], { cwd });
    const refused = await token('access', 'apply', 'access.yaml', '--prune', '--yes');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'refusing to apply: whose the bearer token is cannot be told, and the plan may take permissions away from its user: delete authorization grant group camunda-admin on authorization *',
    );
    write('groups:\n  audit: { name: Audit }\n');
    expect((await token('access', 'apply', 'access.yaml', '--yes')).code).toBe(0);
  });
});

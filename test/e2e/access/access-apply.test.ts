// `access apply` against the simulator: the order of the requests, updates in place, confirmation,
// --dry-run, a failure that stops the run (exit 8) and converges when applied again, the engine's own
// authorization for a new group.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { SEEDED_AUTHORIZATION_IDS as AUTHORIZATIONS, type RecordedRequest } from '../../simulator/index.js';
import { type Cli, cliFor, test } from '../../helpers/fixtures.js';

const it = test.extend<{ cli: Cli; write: (text: string) => void; changesSent: () => string[] }>({
  cli: async ({ engine, cwd }, use) => use(cliFor(engine.url, { cwd })),
  write: async ({ cwd }, use) => use((text) => writeFileSync(join(cwd, 'access.yaml'), text)),
  changesSent: async ({ engine }, use) =>
    use(() =>
      engine.requests
        .filter((request: RecordedRequest) => request.method !== 'GET')
        .map((request) => `${request.method} ${request.path.replace('/engine-rest', '')}`),
    ),
});

const FILE = `scope: { groups: [sales, audit], resourceTypes: [process-definition, filter] }
groups:
  audit: { name: Audit, type: WORKFLOW, members: [mary, anna] }
  sales: { name: Sales, type: WORKFLOW, members: [john, max] }
authorizations:
  - { type: revoke, group: sales, resource: process-definition, permissions: [DELETE, UPDATE] }
  - { type: grant, group: audit, resource: filter, resourceId: f1, permissions: [READ] }
`;

describe('access apply', () => {
  it('applies in a safe order, updates in place (same id), and changes nothing the second time', async ({ engine, cli, write, changesSent }) => {
    write(FILE);
    const first = await cli('access', 'apply', 'access.yaml', '--prune', '--yes');
    expect(first.code, first.stderr).toBe(0);
    expect(changesSent()).toEqual([
      'POST /group/create',
      'PUT /group/audit/members/anna',
      'PUT /group/audit/members/mary',
      'POST /authorization/create',
      `PUT /authorization/${AUTHORIZATIONS.salesProcessDefinitionRevoke}`,
      'DELETE /group/sales/members/lena',
    ]);
    expect(engine.state.findAuthorization(AUTHORIZATIONS.salesProcessDefinitionRevoke)!.permissions.sort()).toEqual(['DELETE', 'UPDATE']);
    expect(engine.state.memberIdsOf('sales').sort()).toEqual(['john', 'max']);
    expect(first.stderr).toContain('applied 6 changes\n');
    engine.requests.length = 0;
    const second = await cli('access', 'apply', 'access.yaml', '--prune', '--yes');
    expect(second.code).toBe(0);
    expect(second.stderr).toBe('no changes: the engine matches the file\n');
    expect(changesSent()).toEqual([]);
  });

  it('asks first: without a terminal and without --yes it refuses and sends nothing', async ({ engine, cli, write, changesSent }) => {
    write(FILE);
    const result = await cli('access', 'apply', 'access.yaml');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`apply 5 changes to ${engine.url}: confirmation needed; pass --yes`);
    // A refusal prints nothing on stdout: the plan is printed only for a run that goes on or asks.
    expect(result.stdout).toBe('');
    expect(changesSent()).toEqual([]);
  });

  it('a file that holds nothing, pruned, deletes everything in its scope only with --allow-empty', async ({ engine, cli, write, changesSent }) => {
    write('scope: { groups: [sales], resourceTypes: [process-definition] }\ngroups: {}\nauthorizations: []\n');
    const plan = await cli('access', 'plan', 'access.yaml', '--prune', '-o', 'json');
    expect(plan.code).toBe(0);
    const changes = JSON.parse(plan.stdout) as { action: string }[];
    expect(changes.length).toBeGreaterThan(1);
    expect(plan.stderr).toMatch(
      /warning: access\.yaml holds no group and no authorization: with --prune the plan deletes every group in its scope \(1 group, \d+ deletions in all\); apply refuses this plan without --allow-empty\n/,
    );
    const refused = await cli('access', 'apply', 'access.yaml', '--prune', '--yes');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /error: refusing to apply: access\.yaml holds no group and no authorization: .*; nothing was changed \(check the file; --allow-empty applies it all the same\)\n$/,
    );
    expect(changesSent()).toEqual([]);
    // Without --prune nothing is deleted: no refusal.
    expect((await cli('access', 'apply', 'access.yaml', '--yes')).code).toBe(0);
    expect(changesSent()).toEqual([]);
    const allowed = await cli('access', 'apply', 'access.yaml', '--prune', '--allow-empty', '--yes');
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(changesSent()).toContain('DELETE /group/sales');
    expect(engine.state.groups.some((group) => group.id === 'sales')).toBe(false);
  });

  it('--dry-run prints the plan and the requests, and sends nothing', async ({ engine, cli, write, changesSent }) => {
    write(FILE);
    const result = await cli('access', 'apply', 'access.yaml', '--dry-run', '-o', 'json');
    expect(result.code).toBe(0);
    const list = JSON.parse(result.stdout);
    expect(list.map((entry: { request: { method: string; url: string } }) => `${entry.request.method} ${entry.request.url.replace(engine.url, '')}`)).toEqual([
      'POST /group/create',
      'PUT /group/audit/members/anna',
      'PUT /group/audit/members/mary',
      'POST /authorization/create',
      `PUT /authorization/${AUTHORIZATIONS.salesProcessDefinitionRevoke}`,
    ]);
    expect(list[4].request.body).toEqual({ permissions: ['DELETE', 'UPDATE'], userId: null, groupId: 'sales', resourceType: 6, resourceId: '*' });
    expect(changesSent()).toEqual([]);
    const table = await cli('access', 'apply', 'access.yaml', '--dry-run');
    expect(table.stdout).toContain(`\nPOST ${engine.url}/group/create {"id":"audit","name":"Audit","type":"WORKFLOW"}\n`);
    expect(table.stderr).toContain('dry run: nothing was sent');
  });

  it('a failure stops the run, says what was done and what not (exit 8); applying again makes the rest', async ({ engine, cli, write }) => {
    write(FILE);
    engine.inject({
      method: 'PUT',
      path: /\/members\/mary$/,
      status: 500,
      body: JSON.stringify({ type: 'ProcessEngineException', message: 'boom', code: 0 }),
      contentType: 'application/json',
      times: 1,
    });
    const stopped = await cli('access', 'apply', 'access.yaml', '--yes');
    expect(stopped.code).toBe(8);
    const rows = stopped.stderr
      .split('\n')
      .filter((line) => line.includes('\t'))
      .map((line) => line.split('\t').slice(0, 4));
    expect(rows).toEqual([
      ['Status', 'Action', 'Object', 'What'],
      ['done', 'create', 'group', 'audit'],
      ['done', 'add', 'member', 'audit: anna'],
      ['failed', 'add', 'member', 'audit: mary'],
      ['not done', 'create', 'authorization', "grant group audit on filter 'f1'"],
      ['not done', 'update', 'authorization', 'revoke group sales on process-definition *'],
    ]);
    expect(stopped.stderr).toMatch(
      /error: apply stopped at add member audit: mary: PUT .*: 500 .*boom; 2 of 5 changes were made, 3 not \(apply the file again to make the rest\)\n$/,
    );
    const again = await cli('access', 'apply', 'access.yaml', '--yes');
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('applied 3 changes');
    expect((await cli('access', 'plan', 'access.yaml', '--detailed-exitcode')).code).toBe(0);
  });

  it('a first change that fails exits with its own code; a lost answer says how to check', async ({ engine, cli, write }) => {
    write(FILE);
    engine.inject({ method: 'POST', path: /^\/group\/create$/, status: 504, afterEngine: true, times: 1 });
    const lost = await cli('access', 'apply', 'access.yaml', '--yes');
    expect(lost.code).toBe(7);
    expect(lost.stderr).toContain('failed (outcome unknown)\tcreate\tgroup\taudit\t');
    expect(lost.stderr).toContain('check before repeating it: camunda-admin group get audit');
  });

  it('a new group: the READ the engine gives it is adopted when the file names it, deleted with --prune when not', async ({
    engine,
    cli,
    write,
    changesSent,
  }) => {
    write(
      'scope: { groups: [ops], resourceTypes: [group] }\ngroups:\n  ops: { name: Ops }\nauthorizations:\n  - { type: grant, group: ops, resource: group, resourceId: ops, permissions: [READ, UPDATE] }\n',
    );
    const named = await cli('access', 'apply', 'access.yaml', '--yes');
    expect(named.code, named.stderr).toBe(0);
    // The engine made READ with the group; apply turned the create into an update of that one.
    const own = engine.state.authorizations.filter((row) => row.groupId === 'ops');
    expect(own.map((row) => [row.resourceId, [...row.permissions].sort()])).toEqual([['ops', ['READ', 'UPDATE']]]);
    expect(changesSent().filter((line) => line.startsWith('POST /authorization'))).toEqual([]);

    write('scope: { groups: [team], resourceTypes: [group] }\ngroups:\n  team: { name: Team }\n');
    const pruned = await cli('access', 'apply', 'access.yaml', '--yes', '--prune');
    expect(pruned.code).toBe(0);
    expect(pruned.stderr).toContain(
      "warning: the engine gave the new group team grant group team on group 'team' (READ), which the file does not name: deleting it (--prune)",
    );
    expect(engine.state.authorizations.filter((row) => row.groupId === 'team')).toEqual([]);
    expect((await cli('access', 'plan', 'access.yaml', '--prune', '--detailed-exitcode')).code).toBe(0);
  });
});

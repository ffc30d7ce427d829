// `access plan` against the simulator: the changes inside the file's scope, kept and pruned, the
// detailed exit code, and the refusals that happen before anything would be sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { type Cli, cliFor, test } from '../../helpers/fixtures.js';

const it = test.extend<{ cli: Cli; write: (text: string) => void }>({
  cli: async ({ engine, cwd }, use) => use(cliFor(engine.url, { cwd })),
  write: async ({ cwd }, use) => use((text) => writeFileSync(join(cwd, 'access.yaml'), text)),
});

const FILE = `scope: { groups: ["sa*", accounting], resourceTypes: [process-definition] }
groups:
  sales: { name: Sales Team, type: WORKFLOW, members: [john, anna] }
  audit: { name: Audit, members: [mary] }
authorizations:
  - { type: revoke, group: sales, resource: process-definition, permissions: [DELETE, UPDATE] }
  - { type: grant, group: audit, resource: process-definition, resourceId: invoice, permissions: [READ] }
`;

describe('access plan', () => {
  it('lists creates, updates and what is in scope but not in the file (kept), in apply order', async ({ engine, cli, write }) => {
    write(FILE);
    const result = await cli('access', 'plan', 'access.yaml');
    expect(result.code).toBe(0);
    // Off a terminal: tab-separated, one row a line.
    const lines = result.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.split('\t'));
    expect(lines).toEqual([
      ['Action', 'Object', 'What', 'Change', 'Id'],
      ['create', 'group', 'audit', "name 'Audit', type -", '-'],
      ['update', 'group', 'sales', "name 'Sales' -> 'Sales Team'", '-'],
      ['add', 'member', 'audit: mary', '-', '-'],
      ['add', 'member', 'sales: anna', '-', '-'],
      ['update', 'authorization', 'revoke group sales on process-definition *', 'DELETE -> DELETE, UPDATE', 'c950b77b-e5fe-11f1-a2ca-02fc00000001'],
      ['create', 'authorization', "grant group audit on process-definition 'invoice'", 'READ', '-'],
      ['keep', 'member', 'sales: lena', 'not in file (kept)', '-'],
      ['keep', 'member', 'sales: max', 'not in file (kept)', '-'],
      ['keep', 'group', 'accounting', 'not in file (kept)', '-'],
    ]);
    expect(result.stderr).toBe('plan: 4 to create or add, 2 to update, 0 to delete or remove; 3 in scope but not in the file, kept (--prune deletes them)\n');
    expect(engine.requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it('--prune deletes inside the scope only; -o json prints the list of changes', async ({ cli, write }) => {
    write(FILE);
    const result = await cli('access', 'plan', 'access.yaml', '--prune', '-o', 'json');
    expect(result.code).toBe(0);
    const list = JSON.parse(result.stdout) as { action: string; object: string; group?: string; user?: string }[];
    expect(
      list.filter((change) => ['delete', 'remove'].includes(change.action)).map((change) => [change.action, change.object, change.group, change.user]),
    ).toEqual([
      ['remove', 'member', 'sales', 'lena'],
      ['remove', 'member', 'sales', 'max'],
      ['delete', 'group', 'accounting', undefined],
    ]);
    // camunda-admin and management are outside the scope; the admin group's process-definition grant is not the file's.
    expect(JSON.stringify(list)).not.toMatch(/camunda-admin|management/);
    expect(list.find((change) => change.action === 'update' && change.object === 'authorization')).toMatchObject({
      id: 'c950b77b-e5fe-11f1-a2ca-02fc00000001',
      before: ['DELETE'],
      after: ['DELETE', 'UPDATE'],
    });
  });

  it('--detailed-exitcode: 10 with changes, 0 without', async ({ cli, write }) => {
    write(FILE);
    expect((await cli('access', 'plan', 'access.yaml', '--detailed-exitcode')).code).toBe(10);
    write('groups:\n  sales: { name: Sales, members: [john, lena, max] }\n');
    const none = await cli('access', 'plan', 'access.yaml', '--detailed-exitcode');
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe('no changes: the engine matches the file\n');
  });

  it('a member who is not a user of the engine is refused with file:line:col, exit 2', async ({ engine, cli, write }) => {
    write('groups:\n  sales:\n    members: [john, jhon, nobody]\n');
    const result = await cli('access', 'plan', 'access.yaml');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: access.yaml:3:21: groups.sales.members[1]: jhon is not a user of the engine (or one these credentials may not read)\naccess.yaml:3:27: groups.sales.members[2]: nobody is not a user of the engine (or one these credentials may not read)\n',
    );
    expect(engine.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('a permission typo is refused with file:line:col before any request', async ({ engine, cli, write }) => {
    write('authorizations:\n  - { type: grant, user: john, resource: task, permissions: [READ, TASK_WROK] }\n');
    const result = await cli('access', 'plan', 'access.yaml');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "error: access.yaml:2:68: authorizations[0].permissions[1]: permission 'TASK_WROK' is not valid for resource type task (did you mean TASK_WORK?)\n",
    );
    expect(engine.requests).toEqual([]);
  });

  it('a file with many problems: every one at once, in file order, and nothing sent (plan and apply)', async ({ engine, cli, write }) => {
    write(
      [
        'groups:',
        '  sales: { name: Sales, type: WORKFLOW, memebers: [mary, john] }',
        '  ops: { name: Ops, members: [john, john] }',
        'authorizations:',
        '  - { type: grant, group: sales, resource: process-definition, permissions: [READ, READ_INSTANCES] }',
        '  - { type: global, user: john, resource: filter, permissions: [READ] }',
        '  - { type: grnt, user: john, resource: task, permissions: [READ] }',
        '',
      ].join('\n'),
    );
    const expected = [
      "error: access.yaml:2:41: groups.sales.memebers: unknown property (did you mean 'members'?)",
      'access.yaml:3:37: groups.ops.members[1]: member john is listed twice',
      "access.yaml:5:84: authorizations[0].permissions[1]: permission 'READ_INSTANCES' is not valid for resource type process-definition (did you mean READ_INSTANCE?)",
      'access.yaml:6:21: authorizations[1].user: a global authorization applies to all users: it has no user (make it a grant to name one)',
      "access.yaml:7:13: authorizations[2].type: unknown authorization type 'grnt' (did you mean grant?)",
      '',
    ].join('\n');
    for (const command of [['plan'], ['apply', '--yes']]) {
      const result = await cli('access', ...command, 'access.yaml');
      expect([command, result.code, result.stdout, result.stderr]).toEqual([command, 2, '', expected]);
    }
    expect(engine.requests).toEqual([]);
  });

  it('a file that is not there is named once as an access file', async ({ engine, cli }) => {
    const result = await cli('access', 'plan', 'nofile.yaml');
    expect([result.code, result.stderr]).toEqual([2, 'error: nofile.yaml: access file not found\n']);
    expect(engine.requests).toEqual([]);
  });

  it('asks only for the groups it names when the scope has no globs', async ({ engine, cli, write }) => {
    write('groups:\n  sales: { name: Sales }\n');
    expect((await cli('access', 'plan', 'access.yaml')).code).toBe(0);
    expect(engine.requests.map((request) => request.path)).toEqual(['/engine-rest/group?idIn=sales&sortBy=id&sortOrder=asc&firstResult=0&maxResults=5000']);
  });
});

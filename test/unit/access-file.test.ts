// The access file loader: what it reads, the scope it derives, and each refusal with its exact line.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAccessFile } from '../../src/access/file.js';
import { InputError } from '../../src/input/problems.js';

function problems(text: string, env: Record<string, string> = {}): string[] {
  try {
    parseAccessFile(text, 'access.yaml', env);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).exitCode).toBe(2);
    return (error as InputError).message.split('\n');
  }
  throw new Error('expected the access file to be refused');
}

const EXAMPLE = `scope:
  groups: [sales, "invoice-*"]
  resourceTypes: [process-definition, process-instance]
groups:
  sales: { name: Sales, type: WORKFLOW, members: [mary, john] }
authorizations:
  - { type: grant, group: sales, resource: process-definition, resourceId: invoice, permissions: [read, CREATE_INSTANCE] }
  - { type: revoke, user: john, resource: process-instance, permissions: [DELETE] }
  - { type: global, resource: filter, permissions: [READ] }
`;

describe('accepted access files', () => {
  it('reads the example of the contract, names normalized, permissions sorted', () => {
    const loaded = parseAccessFile(EXAMPLE, 'access.yaml', {});
    expect(loaded.format).toBe('yaml');
    expect(loaded.groups).toEqual([{ id: 'sales', name: 'Sales', type: 'WORKFLOW', members: ['mary', 'john'] }]);
    expect(loaded.authorizations).toEqual([
      { type: 1, userId: null, groupId: 'sales', resourceType: 6, resourceId: 'invoice', permissions: ['CREATE_INSTANCE', 'READ'], index: 0 },
      { type: 2, userId: 'john', groupId: null, resourceType: 8, resourceId: '*', permissions: ['DELETE'], index: 1 },
      { type: 0, userId: '*', groupId: null, resourceType: 5, resourceId: '*', permissions: ['READ'], index: 2 },
    ]);
  });

  it('scope: globs for groups; owners named in the file; the listed resource types', () => {
    const { scope } = parseAccessFile(EXAMPLE, 'access.yaml', {});
    expect(['sales', 'invoice-eu', 'invoice', 'accounting'].map((id) => scope.group(id))).toEqual([true, true, false, false]);
    const row = (fields: object) => ({ type: 1, userId: null, groupId: null, resourceType: 6, ...fields });
    expect(scope.authorization(row({ groupId: 'invoice-eu' }))).toBe(true);
    expect(scope.authorization(row({ groupId: 'invoice-eu', resourceType: 5 }))).toBe(false);
    expect(scope.authorization(row({ userId: 'john', type: 2, resourceType: 8 }))).toBe(true);
    expect(scope.authorization(row({ userId: 'mary' }))).toBe(false);
    // The file names a global authorization (on filter, outside resourceTypes): only the types listed count.
    expect(scope.authorization(row({ type: 0, userId: '*', resourceType: 6 }))).toBe(true);
    expect(scope.authorization(row({ type: 0, userId: '*', resourceType: 5 }))).toBe(false);
  });

  it('without a scope: the groups, owners and resource types the file names', () => {
    const { scope } = parseAccessFile(
      'groups:\n  audit: { members: [] }\nauthorizations:\n  - { type: grant, group: ops, resource: 6, permissions: [ALL] }\n',
      'a.yaml',
      {},
    );
    expect([scope.group('audit'), scope.group('ops'), scope.group('sales')]).toEqual([true, false, false]);
    expect(scope.authorization({ type: 1, userId: null, groupId: 'ops', resourceType: 6 })).toBe(true);
    expect(scope.authorization({ type: 1, userId: null, groupId: 'ops', resourceType: 5 })).toBe(false);
    expect(scope.authorization({ type: 0, userId: '*', groupId: null, resourceType: 6 })).toBe(false);
  });

  it('expands ${VAR} in values from the environment; $${VAR} stays literal', () => {
    const loaded = parseAccessFile('groups:\n  ops: { name: "${TEAM} team", type: "$${X}", members: ["${LEAD}"] }\n', 'a.yaml', { TEAM: 'Ops', LEAD: 'mary' });
    expect(loaded.groups).toEqual([{ id: 'ops', name: 'Ops team', type: '${X}', members: ['mary'] }]);
  });

  it('reads JSON; NONE is no permission; an empty file section is fine', () => {
    const loaded = parseAccessFile(
      JSON.stringify({ groups: null, authorizations: [{ type: 'GRANT', user: 'john', resource: 'TASK', permissions: ['NONE'] }] }),
      'a.json',
      {},
    );
    expect(loaded.format).toBe('json');
    expect(loaded.authorizations[0]).toMatchObject({ type: 1, userId: 'john', resourceType: 7, permissions: [] });
  });
});

describe('refused access files name file, line, column and path', () => {
  it('a permission the resource type does not have, with the closest', () => {
    expect(problems('authorizations:\n  - type: grant\n    group: sales\n    resource: process-definition\n    permissions: [READ, READ_INSTANCES]\n')).toEqual(
      [
        "access.yaml:5:25: authorizations[0].permissions[1]: permission 'READ_INSTANCES' is not valid for resource type process-definition (did you mean READ_INSTANCE?)",
      ],
    );
    expect(problems('authorizations:\n  - { type: grant, group: sales, resource: user, permissions: [ACCESS] }\n')[0]).toContain(
      "permission 'ACCESS' is not valid for resource type user",
    );
  });

  it('unknown properties, with did-you-mean', () => {
    expect(problems('groups:\n  sales:\n    name: Sales\n    memebers: [john]\nauthorisations: []\n')).toEqual([
      "access.yaml:4:5: groups.sales.memebers: unknown property (did you mean 'members'?)",
      "access.yaml:5:1: authorisations: unknown property (did you mean 'authorizations'?)",
    ]);
  });

  it('duplicate authorizations (same type, owner, resource type and id) and duplicate groups', () => {
    expect(
      problems(
        'authorizations:\n  - { type: grant, group: sales, resource: process-definition, permissions: [READ] }\n  - { type: grant, group: sales, resource: 6, resourceId: "*", permissions: [UPDATE] }\n',
      ),
    ).toEqual([
      'access.yaml:3:5: authorizations[1]: the same authorization as authorizations[0] (line 2): the engine keeps one per type, owner, resource type and resource id; merge their permissions',
    ]);
    expect(problems('groups:\n  sales: {}\n  sales: {}\n')).toEqual(['access.yaml:3:3: duplicate key: Map keys must be unique']);
  });

  it('owners: global with one, grant or revoke without, both at once', () => {
    expect(
      problems(
        'authorizations:\n  - { type: global, user: john, resource: filter, permissions: [READ] }\n  - { type: grant, resource: filter, permissions: [READ] }\n  - { type: revoke, user: john, group: sales, resource: filter, permissions: [READ] }\n',
      ),
    ).toEqual([
      'access.yaml:2:21: authorizations[0].user: a global authorization applies to all users: it has no user (make it a grant to name one)',
      'access.yaml:3:5: authorizations[1]: a grant needs an owner: user or group (a global authorization is type global)',
      'access.yaml:4:33: authorizations[2].group: an authorization has one owner: a user or a group, not both',
    ]);
  });

  it('unknown types and resource types, members listed twice, ALL with others', () => {
    expect(
      problems(
        'groups:\n  sales: { members: [john, john] }\nauthorizations:\n  - { type: grnat, user: john, resource: proces-definition, permissions: [READ] }\n  - { type: grant, user: john, resource: task, permissions: [ALL, READ] }\n',
      ),
    ).toEqual([
      'access.yaml:2:28: groups.sales.members[1]: member john is listed twice',
      "access.yaml:4:13: authorizations[0].type: unknown authorization type 'grnat' (did you mean grant?)",
      "access.yaml:4:42: authorizations[0].resource: unknown resource type 'proces-definition' (did you mean process-definition?)",
      'access.yaml:5:61: authorizations[1].permissions: ALL stands alone: it holds every permission; write [ALL] or the permissions',
    ]);
  });

  it('an unset ${VAR}, where it is used', () => {
    expect(problems('groups:\n  ops:\n    name: "${NOPE}"\n')).toEqual(['access.yaml:3:11: groups.ops.name: environment variable NOPE is not set']);
  });

  it('every problem at once, in file order: an unknown property hides nothing (the example of docs/access.md)', () => {
    // The page shows the file and what it prints: both are read from it, so that they stay true.
    const page = readFileSync(new URL('../../docs/access.md', import.meta.url), 'utf8');
    const example = /This `access\.yaml`:\n\n```yaml\n([\s\S]*?)```\n\nis refused with\n\n```\nerror: ([\s\S]*?)```/.exec(page);
    expect(example).not.toBeNull();
    const [, file, printed] = example!;
    expect(problems(file!)).toEqual(printed!.trimEnd().split('\n'));
    expect(problems(file!)).toEqual([
      "access.yaml:2:41: groups.sales.memebers: unknown property (did you mean 'members'?)",
      'access.yaml:3:37: groups.ops.members[1]: member john is listed twice',
      "access.yaml:5:84: authorizations[0].permissions[1]: permission 'READ_INSTANCES' is not valid for resource type process-definition (did you mean READ_INSTANCE?)",
      'access.yaml:6:21: authorizations[1].user: a global authorization applies to all users: it has no user (make it a grant to name one)',
      "access.yaml:7:13: authorizations[2].type: unknown authorization type 'grnt' (did you mean grant?)",
      "access.yaml:8:42: authorizations[3].resource: unknown resource type 'proces-definition' (did you mean process-definition?)",
      'access.yaml:9:5: authorizations[4]: a grant needs an owner: user or group (a global authorization is type global)',
      'access.yaml:10:61: authorizations[5].permissions: ALL stands alone: it holds every permission; write [ALL] or the permissions',
    ]);
  });

  it('an unknown property does not hide the checks of its own group or authorization; a misspelt owner is not a missing one', () => {
    expect(
      problems(
        [
          'groups:',
          '  sales:',
          '    memebers: [john]',
          '    name: 5',
          'authorizations:',
          '  - { type: grnt, usr: john, resource: task, permissions: [READ] }',
          '  - { type: grant, user: john, resource: task, permissions: [READ, READ], extra: 1 }',
          '',
        ].join('\n'),
      ),
    ).toEqual([
      "access.yaml:3:5: groups.sales.memebers: unknown property (did you mean 'members'?)",
      'access.yaml:4:11: groups.sales.name: expected a string, got the number 5',
      "access.yaml:6:13: authorizations[0].type: unknown authorization type 'grnt' (did you mean grant?)",
      "access.yaml:6:19: authorizations[0].usr: unknown property (did you mean 'user'?)",
      'access.yaml:7:68: authorizations[1].permissions[1]: permission READ is listed twice',
      'access.yaml:7:75: authorizations[1].extra: unknown property',
    ]);
  });

  it('values of the wrong type hide nothing else: an authorization that is not an object keeps the others at their index', () => {
    expect(
      problems(
        [
          'groups:',
          '  ops: { members: [mary, mary] }',
          'authorizations:',
          '  - grant',
          '  - { type: grant, user: 7, resource: task, permissions: [READ] }',
          '  - { type: grant, resource: task, permissions: [NOPE] }',
          '',
        ].join('\n'),
      ),
    ).toEqual([
      'access.yaml:2:26: groups.ops.members[1]: member mary is listed twice',
      'access.yaml:4:5: authorizations[0]: expected an object, got the string "grant"',
      'access.yaml:5:26: authorizations[1].user: expected a string, got the number 7',
      'access.yaml:6:5: authorizations[2]: a grant needs an owner: user or group (a global authorization is type global)',
      "access.yaml:6:50: authorizations[2].permissions[0]: permission 'NOPE' is not valid for resource type task (did you mean NONE?)",
    ]);
  });

  it('an unset ${VAR} is reported with the other problems, and its value is not checked again', () => {
    expect(
      problems(
        'authorizations:\n  - { type: "${KIND}", user: john, resource: task, permissions: [READ] }\n  - { type: grant, user: john, resource: tsak, permissions: [READ] }\n',
      ),
    ).toEqual([
      'access.yaml:2:13: authorizations[0].type: environment variable KIND is not set',
      "access.yaml:3:42: authorizations[1].resource: unknown resource type 'tsak' (did you mean task?)",
    ]);
  });

  it('wrong shapes, with the zod problem at its place', () => {
    expect(problems('- a\n')).toEqual(['access.yaml:1:1: an access file must be an object with scope, groups and authorizations']);
    expect(problems('authorizations:\n  - { type: grant, user: john, resource: task }\n')).toEqual([
      'access.yaml:2:5: authorizations[0].permissions: required',
    ]);
    expect(problems('scope:\n  resourceTypes: [taks]\n')).toEqual([
      "access.yaml:2:19: scope.resourceTypes[0]: unknown resource type 'taks' (did you mean task?)",
    ]);
  });
});

// The users and tenants of an access file: what is read, the scope derived for them, and each
// refusal with its exact place.
import { describe, expect, it } from 'vitest';
import { parseAccessFile } from '../../src/access/file.js';
import { InputError } from '../../src/input/problems.js';

function problems(text: string): string[] {
  try {
    parseAccessFile(text, 'access.yaml', {});
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).message.split('\n');
  }
  throw new Error('expected the access file to be refused');
}

describe('users and tenants in access files', () => {
  it('reads profiles and tenants with their members; a field left out is not managed', () => {
    const loaded = parseAccessFile(
      [
        'users:',
        '  mary: { firstName: Mary, email: null }',
        '  anna:',
        'tenants:',
        '  acme: { name: Acme, users: [mary], groups: [sales] }',
        '  other: { users: [] }',
        '',
      ].join('\n'),
      'access.yaml',
      {},
    );
    expect(loaded.users).toEqual([{ id: 'anna' }, { id: 'mary', firstName: 'Mary', email: null }]);
    expect(loaded.tenants).toEqual([
      { id: 'acme', name: 'Acme', users: ['mary'], groups: ['sales'] },
      { id: 'other', users: [] },
    ]);
    expect(loaded.scope.managesUsers).toBe(true);
    expect(loaded.scope.userAccount('anna')).toBe(true);
    // A member of a tenant of the file: never deleted.
    expect(loaded.scope.userAccount('mary')).toBe(false);
    expect(loaded.scope.userAccount('john')).toBe(false);
    expect(loaded.scope.exactUsers).toEqual(['anna', 'mary']);
    expect(loaded.scope.tenant('acme')).toBe(true);
    expect(loaded.scope.tenant('beta')).toBe(false);
  });

  it('a file without users: manages no user account, whatever scope.users says (it covers their authorizations)', () => {
    const loaded = parseAccessFile('scope: { users: ["*"], tenants: ["t*"] }\ngroups: {}\n', 'access.yaml', {});
    expect(loaded.users).toBeUndefined();
    expect(loaded.scope.managesUsers).toBe(false);
    expect(loaded.scope.userAccount('john')).toBe(false);
    expect(loaded.scope.tenant('tenantA')).toBe(true);
    expect(loaded.scope.exactTenants).toBeUndefined();
  });

  it('a user the file names as an owner or a member is never in scope for deletion', () => {
    const loaded = parseAccessFile(
      [
        'scope: { users: ["*"] }',
        'users: {}',
        'groups: { sales: { members: [john] } }',
        'tenants: { acme: { users: [lena] } }',
        'authorizations:',
        '  - { type: grant, user: mary, resource: filter, permissions: [READ] }',
        '',
      ].join('\n'),
      'access.yaml',
      {},
    );
    expect(['john', 'lena', 'mary', 'anna'].map((id) => loaded.scope.userAccount(id))).toEqual([false, false, false, true]);
  });

  it('refuses unknown properties, wrong types and members listed twice, at their places', () => {
    expect(
      problems(
        [
          'users:',
          '  mary: { firstName: Mary, emial: mary@example.com }',
          '  john: { lastName: 7 }',
          '  anna: { password: secret }',
          'tenants:',
          '  acme: { nmae: Acme, users: [mary, mary], groups: [sales, sales] }',
          '',
        ].join('\n'),
      ),
    ).toEqual([
      "access.yaml:2:28: users.mary.emial: unknown property (did you mean 'email'?)",
      'access.yaml:3:21: users.john.lastName: expected a string, got the number 7',
      'access.yaml:4:11: users.anna.password: unknown property',
      "access.yaml:6:11: tenants.acme.nmae: unknown property (did you mean 'name'?)",
      'access.yaml:6:37: tenants.acme.users[1]: user mary is listed twice',
      'access.yaml:6:60: tenants.acme.groups[1]: group sales is listed twice',
    ]);
  });
});

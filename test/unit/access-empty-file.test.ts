// The empty-file guard of `access apply --prune` (docs/access.md#a-file-without-groups): refused is a
// file that holds no group when the plan deletes groups, or that holds nothing at all (no group,
// authorization, user or tenant) when the plan deletes anything. Users and tenants are content.
import { describe, expect, it } from 'vitest';
import { parseAccessFile } from '../../src/access/file.js';
import { type AccessChange, type AccessPlan, prunedByEmptyFile } from '../../src/access/plan.js';
import { describeEmptyFile } from '../../src/render/access.js';

const file = (lines: string[]) => parseAccessFile(`${lines.join('\n')}\n`, 'access.yaml', {});
const plan = (...changes: AccessChange[]): AccessPlan => ({ changes, kept: [], prune: true });

const deleteUser = (user: string): AccessChange => ({
  action: 'delete',
  object: 'user',
  user,
  before: { firstName: null, lastName: null, email: null },
  after: null,
});
const createUser = (user: string): AccessChange => ({
  action: 'create',
  object: 'user',
  user,
  before: null,
  after: { firstName: 'A', lastName: null, email: null },
});
const deleteTenant = (tenant: string): AccessChange => ({ action: 'delete', object: 'tenant', tenant, before: { name: null }, after: null });
const deleteGroup = (group: string): AccessChange => ({ action: 'delete', object: 'group', group, before: { name: null, type: null }, after: null });
const removeMember = (group: string, user: string): AccessChange => ({ action: 'remove', object: 'member', group, user });

const words = (text: string[], changes: AccessPlan) => {
  const loaded = file(text);
  return describeEmptyFile(loaded.file, prunedByEmptyFile(loaded, changes));
};

describe('the empty-file guard', () => {
  it('a file of users only that deletes a user of its scope is an intent, not an empty file', () => {
    const users = ['scope: { users: ["acc*"] }', 'users:', '  accanna: { firstName: Anna }'];
    expect(words(users, plan(deleteUser('accz')))).toBeUndefined();
    expect(words(users, plan(createUser('accanna'), deleteUser('accz')))).toBeUndefined();
  });

  it('a file of tenants only that deletes a tenant of its scope is an intent too', () => {
    expect(words(['scope: { tenants: ["acc*"] }', 'tenants:', '  accEu: { name: Acc EU }'], plan(deleteTenant('accOld')))).toBeUndefined();
  });

  it('a file of users only still may not delete groups: it holds no group', () => {
    const text = ['scope: { users: ["acc*"], groups: ["acc*"] }', 'users:', '  accanna: {}'];
    expect(words(text, plan(removeMember('accSales', 'accz'), deleteGroup('accSales'), deleteUser('accz')))).toBe(
      'access.yaml holds no group: with --prune the plan deletes every group in its scope (1 group, 3 deletions in all)',
    );
  });

  it('a file that holds nothing is refused, in words that name the users and tenants it speaks for', () => {
    expect(words(['scope: { users: ["acc*"] }', 'users: {}'], plan(deleteUser('accz')))).toBe(
      'access.yaml holds no group, no authorization and no user: with --prune the plan deletes everything in its scope (1 change)',
    );
    expect(words(['scope: { users: ["acc*"], tenants: ["acc*"] }', 'users: {}', 'tenants: {}'], plan(deleteTenant('accOld'), deleteUser('accz')))).toBe(
      'access.yaml holds no group, no authorization, no user and no tenant: with --prune the plan deletes everything in its scope (2 changes)',
    );
    expect(words(['scope: { tenants: ["acc*"] }', 'tenants: {}'], plan(deleteTenant('accOld')))).toBe(
      'access.yaml holds no group, no authorization and no tenant: with --prune the plan deletes everything in its scope (1 change)',
    );
    // A file of groups and authorizations only keeps its words.
    expect(words(['scope: { groups: [sales] }', 'groups: {}', 'authorizations: []'], plan(removeMember('sales', 'john'), deleteGroup('sales')))).toBe(
      'access.yaml holds no group and no authorization: with --prune the plan deletes every group in its scope (1 group, 2 deletions in all)',
    );
  });

  it('an empty file that deletes nothing, or a file with groups, is no finding', () => {
    expect(words(['scope: { users: ["acc*"] }', 'users: {}'], plan())).toBeUndefined();
    expect(words(['groups:', '  sales: {}'], plan(deleteUser('accz')))).toBeUndefined();
  });
});

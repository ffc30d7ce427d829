import { describe, expect, it } from 'vitest';
import { applyChange, diffAuthorization, toUpdate } from '../../src/authorizations/change.js';
import type { Authorization } from '../../src/engine/authorizations.js';
import { UsageError } from '../../src/exit-codes.js';

const grant: Authorization = {
  id: 'a1',
  type: 1,
  permissions: ['READ', 'UPDATE'],
  userId: 'john',
  groupId: null,
  resourceType: 6,
  resourceId: 'invoice',
  removalTime: null,
  rootProcessInstanceId: null,
};
const global: Authorization = { ...grant, id: 'g1', type: 0, userId: '*', resourceType: 5, resourceId: '*', permissions: ['READ'] };

describe('applying a change keeps what was not named', () => {
  it('--add-permissions keeps owner, resource type and resource id', () => {
    expect(applyChange(grant, { addPermissions: ['delete'] })).toEqual({
      permissions: ['READ', 'UPDATE', 'DELETE'],
      userId: 'john',
      groupId: null,
      resourceType: 6,
      resourceId: 'invoice',
    });
  });

  it("--remove-permissions from ALL expands ALL into the type's permissions", () => {
    const all = { ...grant, resourceType: 9, permissions: ['ALL'] };
    expect(applyChange(all, { removePermissions: ['DELETE'] }).permissions).toEqual(['READ', 'CREATE']);
    expect(applyChange(all, { addPermissions: ['READ'] }).permissions).toEqual(['ALL']);
  });

  it('--permissions replaces the set; --group switches the owner and clears the user', () => {
    expect(applyChange(grant, { permissions: ['READ_INSTANCE'], group: 'sales' })).toMatchObject({
      permissions: ['READ_INSTANCE'],
      userId: null,
      groupId: 'sales',
    });
  });

  it('a desired state file merges, and flags apply on top', () => {
    const update = applyChange(grant, { addPermissions: ['DELETE'] }, { permissions: ['READ'], resourceId: 'payment', resourceType: 'process-definition' });
    expect(update).toEqual({ permissions: ['READ', 'DELETE'], userId: 'john', groupId: null, resourceType: 6, resourceId: 'payment' });
  });

  it('refuses what the engine would refuse, before sending', () => {
    expect(() => applyChange(grant, { addPermissions: ['ACCESS'] })).toThrow(UsageError);
    expect(() => applyChange({ ...grant, permissions: ['READ_INSTANCE'] }, { resourceType: 'user' })).toThrow(
      /the current permissions: permission 'READ_INSTANCE' is not valid for resource type user/,
    );
    expect(applyChange(grant, { resourceType: 'user' }).resourceType).toBe(1);
    expect(() => applyChange(global, { group: 'sales' })).toThrow(/cannot have a group/);
    expect(() => applyChange(global, { user: 'john' })).toThrow(/must stay '\*'/);
    expect(() => applyChange(grant, { resourceId: ' ' })).toThrow(/must not be empty/);
    expect(() => applyChange(grant, {}, { type: 2 })).toThrow(/cannot change the type/);
    expect(() => applyChange(grant, {}, { id: 'other' })).toThrow(/is not the authorization being updated/);
    expect(() => applyChange(grant, {}, { userId: null })).toThrow(/exactly one owner/);
  });
});

describe('the diff', () => {
  it('marks exactly the changed fields, comparing permission sets, not order', () => {
    const after = applyChange(grant, { permissions: ['UPDATE', 'READ'] });
    expect(diffAuthorization(toUpdate(grant), after).filter((field) => field.changed)).toEqual([]);
    const moved = applyChange(grant, { group: 'sales', addPermissions: ['DELETE'] });
    expect(
      diffAuthorization(toUpdate(grant), moved)
        .filter((field) => field.changed)
        .map((field) => field.field),
    ).toEqual(['userId', 'groupId', 'permissions']);
  });

  it('treats ALL and the full list as the same set', () => {
    const all = { ...grant, resourceType: 14, permissions: ['ALL'] };
    expect(diffAuthorization(toUpdate(all), applyChange(all, { permissions: ['READ'] })).find((f) => f.field === 'permissions')?.changed).toBe(false);
  });
});

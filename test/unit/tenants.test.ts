// tenant update's read-merge-write pieces and the membership decisions, against a fake client.
import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../../src/engine/client.js';
import { EngineNotFoundError } from '../../src/engine/errors.js';
import type { Tenant, TenantApi, TenantMemberKind } from '../../src/engine/tenants.js';
import { changeTenantMembership } from '../../src/tenants/members.js';
import { mergeTenant, tenantUpdate } from '../../src/tenants/update.js';

describe('tenant update', () => {
  it('keeps the id of the tenant as read and changes only what is given', () => {
    expect(mergeTenant({ id: 'acme', name: 'Acme' }, { name: 'Acme Corp' })).toEqual({ id: 'acme', name: 'Acme Corp' });
    expect(mergeTenant({ id: 'acme', name: 'Acme' }, {})).toEqual({ id: 'acme', name: 'Acme' });
  });

  it('names the fields that differ, for the read-back check', async () => {
    const written: unknown[] = [];
    const api = { get: async () => ({ id: 'acme', name: 'Acme' }), update: async (_id: string, body: unknown) => void written.push(body) };
    const update = tenantUpdate(api as unknown as TenantApi, 'acme', { name: 'New' });
    const current = await update.read();
    expect(update.differences(current, update.merge(current))).toEqual(["name is 'Acme', not 'New'"]);
    expect(update.differences({ id: 'acme', name: null }, { id: 'acme', name: null })).toEqual([]);
    await update.write(update.merge(current));
    expect(written).toEqual([{ id: 'acme', name: 'New' }]);
  });
});

/** A client whose tenant `acme` has the given members; records what it is asked to change. */
function fakeClient(members: { users: string[]; groups: string[] }, tenantExists = true) {
  const sent: string[] = [];
  const missing = () =>
    new EngineNotFoundError(
      { method: 'GET', url: 'http://engine/tenant/x' },
      { status: 404, body: { type: 'InvalidRequestException', message: 'no' }, bodySnippet: undefined },
    );
  const tenants = {
    get: async (): Promise<Tenant> => {
      if (!tenantExists) throw missing();
      return { id: 'acme', name: 'Acme' };
    },
    count: async (query: { userMember?: string; groupMember?: string }) =>
      tenantExists && (members.users.includes(query.userMember ?? '') || members.groups.includes(query.groupMember ?? '')) ? 1 : 0,
    addMember: async (_id: string, kind: TenantMemberKind, id: string) => void sent.push(`add ${kind} ${id}`),
    removeMember: async (_id: string, kind: TenantMemberKind, id: string) => void sent.push(`remove ${kind} ${id}`),
  };
  const groups = {
    usersAmong: async (_filter: unknown, ids: readonly string[]) => new Set(ids.filter((id) => members.users.includes(id))),
    list: async (query: { idIn: string[] }) => query.idIn.filter((id) => members.groups.includes(id)).map((id) => ({ id, name: id, type: null })),
  };
  return { client: { tenants, groups } as unknown as EngineClient, sent };
}

describe('tenant members', () => {
  it('sends only what changes, once per member named twice', async () => {
    const { client, sent } = fakeClient({ users: ['john'], groups: [] });
    const outcomes = await changeTenantMembership(
      client,
      'add',
      'acme',
      [
        { kind: 'user', id: 'john' },
        { kind: 'user', id: 'mary' },
        { kind: 'user', id: 'mary' },
        { kind: 'group', id: 'sales' },
      ],
      () => true,
    );
    expect(outcomes.map((outcome) => `${outcome.id} ${outcome.status}`)).toEqual(['john unchanged', 'mary changed', 'mary unchanged', 'sales changed']);
    expect(sent).toEqual(['add user mary', 'add group sales']);
  });

  it('removes only members, and a tenant nobody can see is missing', async () => {
    const { client, sent } = fakeClient({ users: [], groups: ['sales'] });
    const outcomes = await changeTenantMembership(
      client,
      'remove',
      'acme',
      [
        { kind: 'group', id: 'sales' },
        { kind: 'user', id: 'john' },
      ],
      () => true,
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['changed', 'unchanged']);
    expect(sent).toEqual(['remove group sales']);
    const gone = fakeClient({ users: [], groups: [] }, false);
    await expect(changeTenantMembership(gone.client, 'remove', 'acme', [{ kind: 'user', id: 'john' }], () => true)).rejects.toBeInstanceOf(EngineNotFoundError);
    expect(gone.sent).toEqual([]);
  });
});

// tenant update's read-merge-write pieces and the membership decisions, against a fake client.
import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../../src/engine/client.js';
import { EngineNotFoundError } from '../../src/engine/errors.js';
import type { Tenant, TenantApi, TenantMemberKind } from '../../src/engine/tenants.js';
import { CliError, ExitCode } from '../../src/exit-codes.js';
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

/** The users and groups of the fake engine; the tenant's members are among them. */
const KNOWN = { users: ['john', 'mary'], groups: ['sales'] };

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
  // With memberOfTenant the queries find the members, without it every user or group of the engine.
  const among = (filter: { memberOfTenant?: string }, kind: 'users' | 'groups') => (filter.memberOfTenant === undefined ? KNOWN[kind] : members[kind]);
  const groups = {
    usersAmong: async (filter: { memberOfTenant?: string }, ids: readonly string[]) => new Set(ids.filter((id) => among(filter, 'users').includes(id))),
    list: async (query: { idIn?: string[]; memberOfTenant?: string }) =>
      (query.idIn ?? KNOWN.groups).filter((id) => among(query, 'groups').includes(id)).map((id) => ({ id, name: id, type: null })),
  };
  const users = { list: async () => KNOWN.users.map((id) => ({ id, firstName: id, lastName: id, email: null })) };
  const http = { queryLimit: { within: <T>(wanted: number, ask: (maxResults: number) => Promise<T>) => ask(wanted) }, sendsCredentials: false };
  return { client: { tenants, groups, users, http } as unknown as EngineClient, sent };
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

  it('add refuses users and groups the engine does not have before sending anything, naming the ids near them', async () => {
    const { client, sent } = fakeClient({ users: [], groups: [] });
    const members = [
      { kind: 'user' as const, id: 'jhon' },
      { kind: 'user' as const, id: 'mary' },
      { kind: 'group' as const, id: 'sale' },
    ];
    const refusal = await changeTenantMembership(client, 'add', 'acme', members, () => true).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CliError);
    expect((refusal as CliError).exitCode).toBe(ExitCode.NotFound);
    expect((refusal as CliError).message).toBe("no user 'jhon' (did you mean 'john'?), no group 'sale' (did you mean 'sales'?): nothing was added to acme");
    expect(sent).toEqual([]);
  });

  it('remove reports an id the engine does not have as unknown, with the ids near it, and sends nothing for it', async () => {
    const { client, sent } = fakeClient({ users: ['john'], groups: [] });
    const outcomes = await changeTenantMembership(
      client,
      'remove',
      'acme',
      [
        { kind: 'user', id: 'jhon' },
        { kind: 'user', id: 'john' },
        { kind: 'user', id: 'mary' },
      ],
      () => true,
    );
    expect(outcomes).toEqual([
      { kind: 'user', id: 'jhon', status: 'unknown', near: ['john'] },
      { kind: 'user', id: 'john', status: 'changed' },
      { kind: 'user', id: 'mary', status: 'unchanged' },
    ]);
    expect(sent).toEqual(['remove user john']);
  });
});

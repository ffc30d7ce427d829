/**
 * The users and tenants of `access apply` (./apply.ts): the request each change sends, and sending
 * it. A user is created without a password (the engine takes a create without credentials; that
 * user cannot log in until `camunda-admin user password` sets one): passwords are never in a file.
 */
import type { EngineClient } from '../engine/client.js';
import { enginePath } from '../engine/paths.js';
import { sendChange } from '../exit.js';
import type { IdentityChange, TenantMemberChange } from './plan-identity.js';

interface IdentityRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
}

function memberPath(change: TenantMemberChange) {
  return change.user !== null
    ? enginePath`/tenant/${change.tenant}/user-members/${change.user}`
    : enginePath`/tenant/${change.tenant}/group-members/${change.group ?? ''}`;
}

/** What apply sends for a change of a user or a tenant (for --dry-run). */
export function identityRequest(client: EngineClient, change: IdentityChange): IdentityRequest {
  const url = (path: ReturnType<typeof enginePath>) => client.http.url(path);
  switch (change.object) {
    case 'user':
      if (change.action === 'create') return { method: 'POST', url: url(enginePath`/user/create`), body: { profile: { id: change.user, ...change.after } } };
      if (change.action === 'update') return { method: 'PUT', url: url(enginePath`/user/${change.user}/profile`), body: { id: change.user, ...change.after } };
      return { method: 'DELETE', url: url(enginePath`/user/${change.user}`) };
    case 'tenant':
      if (change.action === 'create') return { method: 'POST', url: url(enginePath`/tenant/create`), body: { id: change.tenant, ...change.after } };
      if (change.action === 'update') return { method: 'PUT', url: url(enginePath`/tenant/${change.tenant}`), body: { id: change.tenant, ...change.after } };
      return { method: 'DELETE', url: url(enginePath`/tenant/${change.tenant}`) };
    case 'tenant-member':
      return { method: change.action === 'add' ? 'PUT' : 'DELETE', url: url(memberPath(change)) };
  }
}

/** Sends a create, delete, add or remove of a user or tenant (updates are read-merge-writes in ./apply.ts). */
export async function sendIdentityChange(client: EngineClient, change: IdentityChange): Promise<void> {
  switch (change.object) {
    case 'user':
      if (change.action === 'create')
        return sendChange(['user', 'get', change.user], () =>
          client.users.create({ id: change.user, firstName: change.after!.firstName, lastName: change.after!.lastName, email: change.after!.email }, null),
        );
      return sendChange(['user', 'get', change.user], () => client.users.delete(change.user));
    case 'tenant':
      if (change.action === 'create')
        return sendChange(['tenant', 'get', change.tenant], () => client.tenants.create({ id: change.tenant, name: change.after!.name }));
      return sendChange(['tenant', 'get', change.tenant], () => client.tenants.delete(change.tenant));
    case 'tenant-member': {
      const kind = change.user !== null ? 'user' : 'group';
      const member = change.user ?? change.group ?? '';
      const send = () =>
        change.action === 'add' ? client.tenants.addMember(change.tenant, kind, member) : client.tenants.removeMember(change.tenant, kind, member);
      return sendChange(['tenant', 'get', change.tenant], send);
    }
  }
}

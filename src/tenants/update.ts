/**
 * `tenant update` as a read-merge-write (src/engine-objects/update.ts): the engine's PUT sets id and
 * name from the body (TenantDto.update), so the id is taken from the tenant as the engine has it right
 * before each write, and this run's change must hold when it is read back.
 */
import type { Tenant, TenantApi } from '../engine/tenants.js';
import type { ObjectUpdate } from '../engine-objects/update.js';
import { sendChange } from '../exit.js';

/** A field left out (undefined) keeps the engine's value. */
export interface TenantChange {
  name?: string | undefined;
}

export type TenantBody = { id: string; name: string | null };

export const TENANT_FIELDS = ['name'] as const;

export function mergeTenant(current: Tenant, change: TenantChange): TenantBody {
  return { id: current.id, name: change.name === undefined ? current.name : change.name };
}

export function tenantUpdate(api: TenantApi, id: string, change: TenantChange): ObjectUpdate<Tenant, TenantBody> {
  return {
    name: `tenant ${id}`,
    read: () => api.get(id),
    merge: (current) => mergeTenant(current, change),
    differences: (current, body) =>
      TENANT_FIELDS.filter((field) => current[field] !== body[field]).map((field) => `${field} is ${show(current[field])}, not ${show(body[field])}`),
    write: (body) => sendChange(['tenant', 'get', id], () => api.update(id, body)),
  };
}

function show(value: string | null): string {
  return value === null ? 'null' : `'${value}'`;
}

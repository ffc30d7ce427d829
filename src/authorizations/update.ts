/**
 * `auth update` as a read-merge-write (src/engine-objects/update.ts): this run's change (./change.ts)
 * is merged into the authorization as the engine has it right before each write, and must hold when
 * it is read back.
 */
import type { Authorization, AuthorizationApi, AuthorizationUpdate } from '../engine/authorizations.js';
import type { ObjectUpdate } from '../engine-objects/update.js';
import { sendChange } from '../exit.js';
import { refusingDuplicates } from './duplicate.js';
import { type AuthorizationChange, applyChange, type DesiredState, diffAuthorization, type FieldDiff, toUpdate } from './change.js';

export function authorizationUpdate(
  api: AuthorizationApi,
  id: string,
  change: AuthorizationChange,
  desired: DesiredState | undefined,
): ObjectUpdate<Authorization, AuthorizationUpdate> {
  // The type cannot change (the engine has no way to); it names the duplicate the engine would refuse.
  let type = 0;
  return {
    name: `authorization ${id}`,
    read: async () => {
      const current = await api.get(id);
      type = current.type;
      return current;
    },
    merge: (current) => applyChange(current, change, desired),
    differences: (current, body) =>
      diffAuthorization(toUpdate(current), body)
        .filter((field) => field.changed)
        .map((field) => `${field.field} is ${show(field.before)}, not ${show(field.after)}`),
    write: (body) => refusingDuplicates(api, { ...body, type }, id, () => sendChange(['auth', 'get', id], () => api.update(id, body))),
  };
}

function show(value: FieldDiff['before']): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value}'`;
  return value.length === 0 ? '(none)' : `'${value.join(', ')}'`;
}

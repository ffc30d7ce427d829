/**
 * `group update` as a read-merge-write (src/engine-objects/update.ts): the engine's PUT replaces id,
 * name and type, so the fields this run does not change are taken from the group as the engine has it
 * right before each write, and this run's change must hold when it is read back.
 */
import type { Group, GroupApi } from '../engine/groups.js';
import type { ObjectUpdate } from '../engine-objects/update.js';
import { sendChange } from '../exit.js';

/** A field left out (undefined) keeps the engine's value; null clears it. */
export interface GroupChange {
  name?: string | null | undefined;
  type?: string | null | undefined;
}

export type GroupBody = { id: string; name: string | null; type: string | null };

export const GROUP_FIELDS = ['name', 'type'] as const;

export function mergeGroup(current: Group, change: GroupChange): GroupBody {
  return { id: current.id, name: change.name === undefined ? current.name : change.name, type: change.type === undefined ? current.type : change.type };
}

export function groupUpdate(api: GroupApi, id: string, change: GroupChange): ObjectUpdate<Group, GroupBody> {
  return {
    name: `group ${id}`,
    read: () => api.get(id),
    merge: (current) => mergeGroup(current, change),
    differences: (current, body) =>
      GROUP_FIELDS.filter((field) => current[field] !== body[field]).map((field) => `${field} is ${show(current[field])}, not ${show(body[field])}`),
    write: (body) => sendChange(['group', 'get', id], () => api.update(id, body)),
  };
}

function show(value: string | null): string {
  return value === null ? 'null' : `'${value}'`;
}

/**
 * `user delete`, before anything is sent: the user as the engine has it, and what access apply's
 * lock-out guard (src/access/lockout.ts) keeps that the deletion would take: the user of the current
 * credentials, the last member of an admin group. The guard's rules and words, asked about one
 * deletion; the command refuses or asks.
 */
import { lockoutLosses, mayTakeAway } from '../access/lockout.js';
import type { AccessPlan } from '../access/plan.js';
import type { EngineClient } from '../engine/client.js';
import type { UserProfile } from '../engine/users.js';
import { withNearUserIds } from '../engine-objects/near-ids.js';

/** Whose the credentials are: a user (Basic), someone the tool cannot tell (a bearer token), or none. */
export type Caller = { type: 'user'; id: string } | { type: 'unknown' } | undefined;

export interface UserDeletionCheck {
  user: UserProfile;
  /** The user is the one of the credentials: 'unknown' with a bearer token. */
  own: 'yes' | 'no' | 'unknown';
  /** What the guard keeps that the deletion takes, in its words ("the last member of the admin group camunda-admin"). */
  losses: string[];
}

/** Whether the lock-out guard holds the deletion back. */
export function guardRefuses(check: UserDeletionCheck): boolean {
  return check.own !== 'no' || check.losses.length > 0;
}

/**
 * Reads the user (the engine answers 204 for a user that does not exist: a typo would pass
 * unnoticed; its 404 comes with the ids near it) and asks the guard. Without credentials the REST
 * API checks nothing, and the guard has nothing to keep, as for access apply.
 */
export async function checkUserDeletion(client: EngineClient, id: string, caller: Caller): Promise<UserDeletionCheck> {
  const user = await withNearUserIds(client, id, () => client.users.get(id));
  if (caller === undefined) return { user, own: 'no', losses: [] };
  const plan: AccessPlan = { changes: [{ action: 'delete', object: 'user', user: user.id, before: null, after: null }], kept: [], prune: false };
  // A bearer token names no user the tool can read: access apply takes a user deletion for a risk then.
  if (caller.type === 'unknown') return { user, own: mayTakeAway(plan).length > 0 ? 'unknown' : 'no', losses: [] };
  const losses = await lockoutLosses(client, plan, caller.id);
  return { user, own: caller.id === user.id ? 'yes' : 'no', losses: losses.map((loss) => loss.what) };
}

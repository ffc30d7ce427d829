/**
 * "Did you mean …?" for user and group ids the engine does not have. The engine's user and group
 * queries have no idLike: the candidates are the first ids in id order, as many as one request
 * brings (CANDIDATES). They are read only once an id is missing, never on the way of a change.
 */
import type { EngineClient } from '../engine/client.js';
import { EngineError, EngineNotFoundError } from '../engine/errors.js';
import { describeFailure } from '../exit.js';
import { CliError } from '../exit-codes.js';
import { closest } from '../util/suggest.js';

export type IdentityKind = 'user' | 'group';

/** One request's worth of ids: enough for the engines of a team, bounded for those of an LDAP. */
const CANDIDATES = 1000;

/** The ids of the engine's users or groups (the first CANDIDATES by id); none when it cannot be asked. */
async function candidateIds(client: EngineClient, kind: IdentityKind): Promise<string[]> {
  try {
    const rows =
      kind === 'user'
        ? await client.http.queryLimit.within(CANDIDATES, (maxResults) => client.users.list({ sortBy: 'userId', sortOrder: 'asc' }, 0, maxResults))
        : await client.http.queryLimit.within(CANDIDATES, (maxResults) => client.groups.list({ sortBy: 'id', sortOrder: 'asc' }, 0, maxResults));
    return rows.map((row) => row.id);
  } catch (error) {
    // A suggestion is a courtesy: the failure it would decorate is the one to report.
    if (error instanceof EngineError) return [];
    throw error;
  }
}

/** For each of `ids`, the engine's ids closest to it (best first, maybe none); one query for all. */
export async function nearIds(client: EngineClient, kind: IdentityKind, ids: readonly string[]): Promise<Map<string, string[]>> {
  const near = new Map<string, string[]>();
  if (ids.length === 0) return near;
  const candidates = await candidateIds(client, kind);
  for (const id of ids) near.set(id, closest(id, candidates));
  return near;
}

/** " (did you mean 'a' or 'b'?)", or "" when nothing is close. */
export function meantSuffix(near: readonly string[] | undefined): string {
  return near === undefined || near.length === 0 ? '' : ` (did you mean ${near.map((id) => `'${id}'`).join(' or ')}?)`;
}

/**
 * `action` on the user `id`; its 404 for that user (the engine's "User with id … does not exist")
 * comes back as the same line and code with the ids near it added. Other failures pass unchanged.
 */
export async function withNearUserIds<T>(client: EngineClient, id: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    // Without a body (or the JAX-RS NotFoundException) the URL is wrong, not the id.
    if (!(error instanceof EngineNotFoundError) || !error.body || error.body.type === 'NotFoundException') throw error;
    const suffix = meantSuffix((await nearIds(client, 'user', [id])).get(id));
    if (suffix === '') throw error;
    const failure = describeFailure(error);
    throw new CliError(`${failure.message}${suffix}`, failure.exitCode, failure.hint);
  }
}

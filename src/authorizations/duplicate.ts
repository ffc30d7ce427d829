/**
 * The engine keeps one authorization per type, owner, resource type and resource id (unique
 * constraints ACT_UNIQ_AUTH_USER / ACT_UNIQ_AUTH_GROUP). Breaking them is a 500 whose body says only
 * "An exception occurred in the persistence layer" (docs/engine-notes.md#authorization-rules): this finds the authorization
 * that is in the way, so that the error can name it.
 */
import type { Authorization, AuthorizationApi, AuthorizationCreate } from '../engine/authorizations.js';
import { samePermissions } from './change.js';
import { EngineHttpError } from '../engine/errors.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { authorizationTypeName, resourceTypeByCode } from '../catalogue/authorization.js';
import { commandLine } from '../exit.js';

/** The engine's type for a failed flush, a broken unique constraint among them. */
const PERSISTENCE_FAILURE = 'ProcessEnginePersistenceException';

/**
 * Runs a create or an update of `wanted`; when the engine refuses it as a persistence failure and
 * another authorization (not `self`) has the same type, owner, resource type and resource id, the
 * error names that one and the `auth update` that changes it instead.
 */
export async function refusingDuplicates<T>(
  api: AuthorizationApi,
  wanted: AuthorizationCreate,
  self: string | undefined,
  send: () => Promise<T>,
  /** A create whose authorization exists already with the same permissions: its goal holds. */
  identical?: (existing: Authorization) => T,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof EngineHttpError) || error.status !== 500 || error.engineType !== PERSISTENCE_FAILURE) throw error;
    const existing = await findSame(api, wanted, self).catch(() => undefined);
    const what = describeKey(wanted);
    if (!existing) {
      // Unreadable to the caller, or another persistence failure: say what it most likely is.
      throw new CliError(
        error.message,
        ExitCode.EngineRejected,
        `the engine answers so when ${what} exists already (one per type, owner, resource type and resource id); look with: ${commandLine(['camunda-admin', ...listCommand(wanted)])}`,
      );
    }
    if (identical !== undefined && samePermissions(existing.permissions, wanted.permissions, wanted.resourceType)) return identical(existing);
    const permissions = existing.permissions.length === 0 ? '(none)' : existing.permissions.join(', ');
    throw new CliError(
      `authorization ${existing.id} is ${what} already (permissions ${permissions}); the engine keeps one per type, owner, resource type and resource id, so ${self === undefined ? 'nothing was created' : `${self} was not changed`}`,
      ExitCode.EngineRejected,
      `change that one instead: ${commandLine(['camunda-admin', 'auth', 'update', existing.id, '--permissions', wanted.permissions.length === 0 ? 'NONE' : wanted.permissions.join(',')])}`,
    );
  }
}

/** The `auth list` that shows the authorizations of that owner on that resource. */
export function listCommand(wanted: Pick<AuthorizationCreate, 'userId' | 'groupId' | 'resourceType' | 'resourceId'>): string[] {
  const owner = wanted.groupId !== null ? ['--group', wanted.groupId] : ['--user', wanted.userId ?? '*'];
  const resourceType = resourceTypeByCode(wanted.resourceType)?.name ?? String(wanted.resourceType);
  return ['auth', 'list', ...owner, '--resource-type', resourceType, ...(wanted.resourceId === null ? [] : ['--resource-id', wanted.resourceId])];
}

async function findSame(api: AuthorizationApi, wanted: AuthorizationCreate, self: string | undefined) {
  // A NULL resource id never collides in the database, so there is nothing to look for.
  if (wanted.resourceId === null) return undefined;
  const candidates = await api.list({
    type: wanted.type,
    ...(wanted.groupId !== null ? { groupIdIn: [wanted.groupId] } : { userIdIn: [wanted.userId ?? '*'] }),
    resourceType: wanted.resourceType,
    resourceId: wanted.resourceId,
    firstResult: 0,
    maxResults: 2,
  });
  return candidates.find((candidate) => candidate.id !== self);
}

function describeKey(wanted: AuthorizationCreate): string {
  const type = authorizationTypeName(wanted.type);
  const owner = wanted.groupId !== null ? `group ${wanted.groupId}` : wanted.userId === '*' ? 'all users' : `user ${wanted.userId ?? '?'}`;
  const resourceType = resourceTypeByCode(wanted.resourceType)?.name ?? `resource type ${wanted.resourceType}`;
  return `the ${type} for ${owner} on ${resourceType} '${wanted.resourceId ?? ''}'`;
}

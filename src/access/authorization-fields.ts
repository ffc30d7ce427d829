/**
 * The fields of one authorization of an access file (./file.ts), each checked against the catalogue
 * (src/catalogue/authorization.ts): its type, its owner, its resource type and its permissions, every
 * problem at its place.
 */
import {
  AUTHORIZATION_TYPES,
  GLOBAL,
  GRANT,
  lookUpPermission,
  lookUpResourceType,
  type ResourceType,
  UNIVERSAL_PERMISSIONS,
} from '../catalogue/authorization.js';
import type { InputProblem } from '../input/problems.js';
import { closest } from '../util/suggest.js';
import { compareText } from '../util/text.js';

/** Places a message at a path of the file: at its value, or at its key. */
export type At = (path: readonly (string | number)[], message: string, place?: 'key' | 'value') => InputProblem;

export function authorizationType(text: string, path: readonly (string | number)[], problems: InputProblem[], at: At): number | undefined {
  const found = AUTHORIZATION_TYPES.find((type) => type.name === text.trim().toLowerCase());
  if (found) return found.code;
  const near = closest(
    text.trim().toLowerCase(),
    AUTHORIZATION_TYPES.map((type) => type.name),
  );
  problems.push(at(path, `unknown authorization type '${text}' (${near.length > 0 ? `did you mean ${near[0]}?` : 'valid: global, grant, revoke'})`));
  return undefined;
}

export function resourceTypeOf(input: string | number, path: readonly (string | number)[], problems: InputProblem[], at: At): ResourceType | undefined {
  const found = lookUpResourceType(String(input));
  if ('type' in found) return found.type;
  problems.push(at(path, found.problem));
  return undefined;
}

/** `named`: the owner fields the entry has, also one left out for its type (then it is no missing owner). */
export function ownerOf(
  entry: { user?: string | undefined; group?: string | undefined },
  named: ReadonlySet<string>,
  type: number | undefined,
  path: readonly (string | number)[],
  problems: InputProblem[],
  at: At,
): { userId: string | null; groupId: string | null } | undefined {
  if (type === GLOBAL) {
    const given = named.has('user') ? 'user' : named.has('group') ? 'group' : undefined;
    if (given) {
      problems.push(at([...path, given], `a global authorization applies to all users: it has no ${given} (make it a grant to name one)`, 'key'));
      return undefined;
    }
    return { userId: '*', groupId: null };
  }
  if (named.has('user') && named.has('group')) {
    problems.push(at([...path, 'group'], 'an authorization has one owner: a user or a group, not both', 'key'));
    return undefined;
  }
  if (!named.has('user') && !named.has('group')) {
    if (type !== undefined)
      problems.push(at(path, `a ${type === GRANT ? 'grant' : 'revoke'} needs an owner: user or group (a global authorization is type global)`));
    return undefined;
  }
  if (entry.user !== undefined) return { userId: entry.user, groupId: null };
  if (entry.group !== undefined) return { userId: null, groupId: entry.group };
  return undefined;
}

/** Permissions in the engine's spelling, sorted; each must exist for the resource type (did you mean …?). */
export function checkedPermissions(
  names: readonly string[],
  type: ResourceType,
  path: readonly (string | number)[],
  problems: InputProblem[],
  at: At,
): string[] | undefined {
  const result: string[] = [];
  let failed = false;
  names.forEach((raw, index) => {
    const found = lookUpPermission(raw, type);
    if ('problem' in found) {
      problems.push(at([...path, index], found.problem));
      failed = true;
    } else if (result.includes(found.permission)) {
      problems.push(at([...path, index], `permission ${found.permission} is listed twice`));
      failed = true;
    } else {
      result.push(found.permission);
    }
  });
  if (failed) return undefined;
  const universal = result.filter((permission) => (UNIVERSAL_PERMISSIONS as readonly string[]).includes(permission));
  if (universal.length > 0 && result.length > 1) {
    problems.push(
      at(
        path,
        `${universal[0]} stands alone: ${universal[0] === 'ALL' ? 'it holds every permission' : 'it means no permission'}; write [${universal[0]}] or the permissions`,
      ),
    );
    return undefined;
  }
  if (universal[0] === 'NONE') return [];
  return result.sort(compareText);
}

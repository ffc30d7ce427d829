/**
 * Whether `engine switch-check` sees the whole engine. On an engine with authorization checks the
 * queries leave out what the credentials may not read, and say nothing about it: a check that saw
 * nothing would pass for clean. Three signs, each one a reason:
 * - the engine hid its schema log (GET /schema/log answers no entries, SchemaLogManager) or its
 *   product (GET /telemetry/data: 403), which it shows to admins and to READ on System only;
 * - the engine says (GET /authorization/check, as the credentials' own user) that they may not
 *   read every process definition, decision definition, or process instance's variables, and the
 *   user is no member of camunda-admin (admins pass every check, authorizations or not; a bearer
 *   token's user is not known, so only its authorizations count);
 * - an external script's deployment was refused (./external-scripts.ts).
 * No authenticated user at all (that check's 401) sees everything.
 */
import type { EngineClient } from '../engine/client.js';
import { EngineAuthenticationError, EngineError } from '../engine/errors.js';
import { resourceTypeByCode } from '../catalogue/authorization.js';
import { CAMUNDA } from '../engine/product.js';

/** A right as GET /authorization/check takes it, the resource type from the catalogue. */
function right(permission: string, code: number): { permission: string; resourceName: string; resourceType: number } {
  return { permission, resourceName: resourceTypeByCode(code)!.resourceName, resourceType: code };
}

const PROCESS_DEFINITION = 6;
const PROCESS_INSTANCE = 8;
const DECISION_DEFINITION = 10;

/** What the check reads, and the rights that let a caller read all of it (one of each line). */
const NEEDED: readonly { what: string; anyOf: readonly ReturnType<typeof right>[] }[] = [
  { what: 'process definitions', anyOf: [right('READ', PROCESS_DEFINITION)] },
  { what: 'decision definitions', anyOf: [right('READ', DECISION_DEFINITION)] },
  { what: 'runtime variables', anyOf: [right('READ', PROCESS_INSTANCE), right('READ_INSTANCE', PROCESS_DEFINITION)] },
];

export const HIDDEN_SCHEMA_OR_PRODUCT =
  'the engine did not show these credentials its schema log or product, which it shows to admins and to READ on System only: they are no admin, so only the definitions, instances and variables they may read were checked; run the check as an admin';

export const REFUSED_SCRIPTS = 'these credentials may not read the deployment of an external script (READ on Deployment): run the check as an admin';

/**
 * What these credentials may not read of what the check reads, as a note; undefined when they may
 * read all of it, or when the engine cannot tell (any other failure of the check).
 */
export async function missingReadRights(client: EngineClient, caller: string | undefined): Promise<string | undefined> {
  const missing: string[] = [];
  try {
    for (const need of NEEDED) {
      let granted = false;
      for (const right of need.anyOf) {
        if (
          (await client.authorizations.check({ permissionName: right.permission, resourceName: right.resourceName, resourceType: right.resourceType }))
            .authorized
        ) {
          granted = true;
          break;
        }
      }
      if (!granted) missing.push(need.what);
    }
  } catch (error) {
    // No authenticated user: the queries are not filtered at all.
    if (error instanceof EngineAuthenticationError && error.noAuthenticatedUser) return undefined;
    if (error instanceof EngineError) return undefined;
    throw error;
  }
  if (missing.length === 0 || (caller !== undefined && (await isAdmin(client, caller)))) return undefined;
  return `these credentials may not read all ${missing.join(', ')} (GET /authorization/check) and are no member of ${CAMUNDA.adminGroup}: what they may not read was not checked; run the check as an admin (on an engine without authorization checks they saw everything)`;
}

/** Whether the user is a member of the admin group (the engine's default adminGroups); false when the engine does not tell. */
async function isAdmin(client: EngineClient, userId: string): Promise<boolean> {
  try {
    return (await client.groups.list({ member: userId, id: CAMUNDA.adminGroup }, 0, 1)).length > 0;
  } catch (error) {
    if (error instanceof EngineError) return false;
    throw error;
  }
}

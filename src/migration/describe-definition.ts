/** How a definition is named in the messages, errors and questions of a migration. */
import type { ResolvedDefinition } from '../plans/references.js';

/** `invoice:3 (invoice:3:abc, tenant t1)` */
export function describeDefinition(definition: ResolvedDefinition): string {
  const tenant = definition.tenantId ? `, tenant ${definition.tenantId}` : '';
  return `${definition.key}:${definition.version} (${definition.id}${tenant})`;
}

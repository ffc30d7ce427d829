/** The options of the `definition` commands (./definition.ts declares them, ./definition-actions.ts takes their types). */
import { pagingFlags } from './options.js';
import { flagSpec } from './spec.js';

export const DEFINITION_LIST_FLAGS = flagSpec(
  { flags: '--key <key>', description: 'only the versions of this key' },
  { flags: '--latest', description: 'only the latest version of each key (per tenant)' },
  { flags: '--tenant <ids>', description: 'only the definitions of these tenants (comma-separated; tenantIdIn)' },
  { flags: '--without-tenant', description: 'only the definitions of no tenant' },
  { flags: '--include-without-tenant', description: 'with --tenant: also the definitions of no tenant' },
  ...pagingFlags('every definition, page by page'),
);

export const DEFINITION_SHOW_FLAGS = flagSpec({ flags: '--tenant <id>', description: 'resolve KEY:VERSION and KEY:latest within this tenant' });

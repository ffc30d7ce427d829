/** The options of the `instance` commands (./instance.ts declares them, ./instance-actions.ts takes their types). */
import { BULK_FLAGS } from './bulk-flags.js';
import { pagingFlags } from './options.js';
import { type FlagsOf, flagSpec } from './spec.js';

/** The filters that select process instances: `instance list`, and the selection of the bulk commands. */
export const INSTANCE_FILTER_FLAGS = flagSpec(
  { flags: '--key <key>', description: 'instances of this process definition key' },
  { flags: '--version <n>', description: 'with --key: of this version only' },
  { flags: '--definition-id <id>', description: 'instances of this process definition id' },
  { flags: '--activity <id>', description: 'instances at this activity' },
  { flags: '--with-incident', description: 'instances with an open incident' },
  { flags: '--incident-message <text>', description: 'instances with an incident whose message contains TEXT (% and _ are wildcards)' },
  { flags: '--suspended', description: 'suspended instances only' },
  { flags: '--active', description: 'active (not suspended) instances only' },
);

export const INSTANCE_LIST_FLAGS = [
  ...INSTANCE_FILTER_FLAGS,
  { flags: '--ids-only', description: 'print the ids alone, one per line (for --instances-file)' },
  ...pagingFlags('every instance, page by page'),
] as const;

export const INSTANCE_BULK_FLAGS = [...INSTANCE_FILTER_FLAGS, ...BULK_FLAGS] as const;

export type InstanceFilterFlags = FlagsOf<typeof INSTANCE_FILTER_FLAGS>;
export type InstanceListFlags = FlagsOf<typeof INSTANCE_LIST_FLAGS>;
export type InstanceBulkFlags = FlagsOf<typeof INSTANCE_BULK_FLAGS>;

/** The options of `instance delete` and `instance variables set` (./instance-delete.ts declares them). */
import { BULK_FLAGS } from './bulk-flags.js';
import { INSTANCE_FILTER_FLAGS } from './instance-flags.js';
import { type FlagsOf, flagSpec } from './spec.js';

const INSTANCE_DELETE_OWN_FLAGS = flagSpec(
  { flags: '--finished', description: "delete finished instances from the history instead (the engine's history of them goes)" },
  { flags: '--finished-before <date>', description: 'with --finished: instances that finished before DATE (2026-01-31, ISO 8601, or an age: 30d)' },
  { flags: '--finished-after <date>', description: 'with --finished: instances that finished after DATE' },
  { flags: '--reason <text>', description: 'with --async: the delete reason the engine records (its synchronous delete takes none)' },
  { flags: '--skip-custom-listeners', description: 'do not call the execution listeners of the process (running instances)' },
  { flags: '--skip-io-mappings', description: 'do not run the output mappings of the activities (running instances)' },
  { flags: '--skip-subprocesses', description: 'keep the instances that call activities started running (running instances)' },
);

export const INSTANCE_DELETE_FLAGS = [...INSTANCE_FILTER_FLAGS, ...INSTANCE_DELETE_OWN_FLAGS, ...BULK_FLAGS] as const;

export const INSTANCE_VARIABLES_SET_FLAGS = [
  ...INSTANCE_FILTER_FLAGS,
  ...flagSpec({
    flags: '--variables <file>',
    description: 'the variables: names to typed values, as in plan files (JSON or YAML; - for standard input)',
    required: true,
  }),
  ...BULK_FLAGS,
] as const;

export type InstanceDeleteFlags = FlagsOf<typeof INSTANCE_DELETE_FLAGS>;
export type InstanceVariablesSetFlags = FlagsOf<typeof INSTANCE_VARIABLES_SET_FLAGS>;

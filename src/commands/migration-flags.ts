/**
 * The options of the `migration` commands (./migration.ts declares them; ./migration-actions.ts,
 * ./migration-execute.ts and ./migration-sweep.ts take their types).
 */
import { CANARY_WAIT_DEFAULT, POLL_INTERVAL_DEFAULT } from './run-flags.js';
import { type FlagsOf, flagSpec } from './spec.js';

export const MIGRATION_GENERATE_FLAGS = flagSpec(
  { flags: '--source <ref>', description: 'source definition: an id, KEY:VERSION or KEY:latest', required: true },
  { flags: '--target <ref>', description: 'target definition: an id, KEY:VERSION or KEY:latest', required: true },
  { flags: '--tenant <id>', description: 'resolve KEY:VERSION and KEY:latest within this tenant' },
  { flags: '--update-event-triggers', description: 'update the triggers of mapped events (timers, messages)' },
  { flags: '--variables <file>', description: 'JSON or YAML map of variables to set on every migrated instance' },
  { flags: '--out <file>', description: 'write the plan here (.json for JSON, otherwise YAML) instead of stdout; an existing file is refused' },
  { flags: '--force', description: 'with --out: replace an existing file' },
  { flags: '--suggest', description: 'add mappings suggested for the activities the engine left out, as commented-out instructions (YAML only)' },
);

export const MIGRATION_DIFF_FLAGS = flagSpec({ flags: '--tenant <id>', description: 'resolve KEY:VERSION and KEY:latest within this tenant' });

export const MIGRATION_EXECUTE_FLAGS = flagSpec(
  { flags: '--instances <ids>', description: 'comma-separated process instance ids' },
  { flags: '--instances-file <file>', description: 'ids one per line or as a JSON array; - for standard input' },
  { flags: '--query <file>', description: 'a process instance query (JSON or YAML, the body of POST /process-instance)' },
  { flags: '--all-instances', description: 'every instance of the source definition' },
  { flags: '--tenant <id>', description: 'resolve KEY:VERSION and KEY:latest references within this tenant' },
  { flags: '--skip-custom-listeners', description: 'do not run execution listeners of the process' },
  { flags: '--skip-io-mappings', description: 'do not run input/output mappings' },
  { flags: '--skip-validation', description: 'send without the pre-flight (the plan validation and the check of the selected instances)' },
  { flags: '--dry-run', description: 'do everything but the execute, and print the request body that would be sent (YAML with -o yaml)' },
  { flags: '--async', description: 'run as a batch (POST /migration/executeAsync) and print its id' },
  { flags: '--wait', description: 'with --async: follow the batch until it ends' },
  { flags: '--wait-timeout <seconds>', description: 'with --wait: stop watching after this long (exit 9; the batch goes on)' },
  { flags: '--interval <seconds>', description: `with --wait: seconds between progress polls ${POLL_INTERVAL_DEFAULT}` },
  {
    flags: '--canary <n>',
    description: 'migrate N instances first (one sync execute) and check them: on the target, no new incident, no failed job; then ask before the rest',
  },
  {
    flags: '--canary-wait <duration>',
    description: `with --canary: watch the canary this long while its jobs are due (seconds, or 30s, 2m; 0: judge it at once) ${CANARY_WAIT_DEFAULT}`,
  },
  { flags: '--allow-pending-batch', description: 'run although a pending migration batch may be migrating the same instances (exit 11 otherwise)' },
  { flags: '--chunk-size <n>', description: 'send the selection as several sync executes of at most N instances' },
  { flags: '--journal <file>', description: 'with --chunk-size: where the journal goes (default: <plan>.journal.jsonl)' },
  { flags: '--resume', description: 'continue a chunked run from its journal' },
  { flags: '--report <file>', description: 'write the outcome of every instance (JSON, or CSV for a .csv file); an existing file is refused' },
  { flags: '--force', description: 'replace an existing --report file, and start over an existing journal (it can then no longer be resumed)' },
  { flags: '--take-over-lock', description: "take over the journal's lock of a run that is no longer running (another host's, or a reused pid)" },
);

export const MIGRATION_VALIDATE_FLAGS = flagSpec(
  { flags: '--strict', description: "also fail (exit 3) on the pre-flight's warnings" },
  { flags: '--tenant <id>', description: 'resolve KEY:VERSION and KEY:latest references within this tenant' },
);

export const MIGRATION_SWEEP_FLAGS = flagSpec(
  { flags: '--to <ref>', description: 'the target: an id, KEY:VERSION or KEY:latest (default: KEY:latest)' },
  { flags: '--tenant <id>', description: 'versions and references within this tenant' },
  { flags: '--overrides <file>', description: 'instructions on top of the generated plans: for every version, and per version (or skip: true)' },
  { flags: '--out-dir <dir>', description: 'write one plan per version there (KEY-v3-to-v7.yaml), for review; created if missing' },
  {
    flags: '--suggest',
    description: 'with --out-dir: add mappings suggested for the activities each plan leaves out, as commented-out instructions (as generate --suggest)',
  },
  { flags: '--strict', description: 'also fail (exit 3) when an activity with running instances is not mapped' },
  { flags: '--plans <dir>', description: 'the plans to validate, or with --execute to run (as --out-dir wrote them, reviewed)' },
  { flags: '--execute', description: 'with --plans: run the plans, oldest version first' },
  { flags: '--dry-run', description: 'with --execute: check and count everything, send nothing' },
  { flags: '--canary <n>', description: 'with --execute: per version, migrate N instances first and check them before the rest' },
  {
    flags: '--canary-wait <duration>',
    description: `with --canary: watch each canary this long while its jobs are due (seconds, or 30s, 2m; 0: judge it at once) ${CANARY_WAIT_DEFAULT}`,
  },
  {
    flags: '--allow-pending-batch',
    description: 'with --execute: run although a pending migration batch may be migrating the same instances (exit 11 otherwise)',
  },
  { flags: '--chunk-size <n>', description: 'with --execute: sync executes of at most N instances (default: one per version)' },
  { flags: '--async', description: 'with --execute: one batch per version' },
  { flags: '--wait', description: 'with --async: follow each batch until it ends' },
  { flags: '--wait-timeout <seconds>', description: 'with --wait: stop watching a batch after this long (exit 9; it goes on)' },
  { flags: '--interval <seconds>', description: `with --wait: seconds between progress polls ${POLL_INTERVAL_DEFAULT}` },
  { flags: '--run-dir <dir>', description: 'with --execute: where the journals go (default: the --plans directory)' },
  { flags: '--resume', description: 'with --execute: continue the sweep its journal holds' },
  { flags: '--continue-on-failure', description: 'with --execute: go on with the next version after one fails (exit 8 at the end)' },
  { flags: '--report <file>', description: 'with --execute: the outcome of every instance of every version (JSON, or CSV for a .csv file)' },
  { flags: '--skip-custom-listeners', description: 'with --execute: do not run execution listeners of the process' },
  { flags: '--skip-io-mappings', description: 'with --execute: do not run input/output mappings' },
  { flags: '--force', description: 'replace existing plan files (--out-dir), or start over existing journals and --report (--execute)' },
  { flags: '--take-over-lock', description: "with --execute: take over the journals' locks of a sweep that is no longer running" },
);

export type GenerateFlags = FlagsOf<typeof MIGRATION_GENERATE_FLAGS>;
export type DiffFlags = FlagsOf<typeof MIGRATION_DIFF_FLAGS>;
export type ExecuteFlags = FlagsOf<typeof MIGRATION_EXECUTE_FLAGS>;
export type ValidateFlags = FlagsOf<typeof MIGRATION_VALIDATE_FLAGS>;
export type SweepFlags = FlagsOf<typeof MIGRATION_SWEEP_FLAGS>;

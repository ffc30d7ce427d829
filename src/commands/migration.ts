/** `migration`: generate plans, validate them (the dry run before a release), execute them, sweep every old version. docs/commands.md, docs/migration.md. What runs: ./migration-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import { POLL_INTERVAL_DEFAULT } from './run-flags.js';
import type * as actions from './migration-actions.js';

export function declareMigrationCommands(program: Command, action: ActionOf<typeof actions>): void {
  const migration = program.command('migration').description('process instance migration: generate, validate and execute plans');

  migration
    .command('generate')
    .description('ask the engine for a plan that maps equal activities, and write it as a plan file')
    .requiredOption('--source <ref>', 'source definition: an id, KEY:VERSION or KEY:latest')
    .requiredOption('--target <ref>', 'target definition: an id, KEY:VERSION or KEY:latest')
    .option('--tenant <id>', 'resolve KEY:VERSION and KEY:latest within this tenant')
    .option('--update-event-triggers', 'update the triggers of mapped events (timers, messages)')
    .option('--variables <file>', 'JSON or YAML map of variables to set on every migrated instance')
    .option('--out <file>', 'write the plan here (.json for JSON, otherwise YAML) instead of stdout; an existing file is refused')
    .option('--force', 'with --out: replace an existing file')
    .option('--suggest', 'add mappings suggested for the activities the engine left out, as commented-out instructions (YAML only)')
    .addHelpText(
      'after',
      `
With --out, the file name decides the format; -o json with a name that is not .json, or -o yaml
with a .json name, is refused as a contradiction.

The engine maps only activities of equal id. The source's activities that it left out are listed
on stderr with their running instances (a warning for those with instances). --suggest adds the
mappings migration diff suggests for them to the plan as comments, each with its reasons, for a
reviewer to uncomment; never as live instructions. JSON has no comments: --suggest with a JSON plan
is refused (use migration diff -o json for the suggestions as data).

Examples:
  $ camunda-admin migration generate --source invoice:1 --target invoice:latest --out plan.yaml
  $ camunda-admin migration generate --source invoice:1 --target invoice:latest --suggest --out plan.yaml
  $ camunda-admin migration generate --source invoice:1 --target invoice:2 -o json > plan.json`,
    )
    .action(action('generateMigrationPlan'));

  migration
    .command('diff')
    .description("compare two definitions' BPMN models: activities side by side, type changes, suggested mappings for renamed activities")
    .argument('<source>', 'source definition: an id, KEY:VERSION or KEY:latest')
    .argument('<target>', 'target definition: an id, KEY:VERSION or KEY:latest')
    .option('--tenant <id>', 'resolve KEY:VERSION and KEY:latest within this tenant')
    .addHelpText(
      'after',
      `
Reads both models (GET /process-definition/{id}/xml) and the source's running instances per activity
(statistics). Each activity is the same in both, changed (a trigger, multi-instance, scope or
attachment that migration cares about), of another type (the engine cannot map it), or only in one
of them. For activities only in one model it suggests mappings (same type plus a similar name or id,
the same neighbours, the same sequence flows), each with its reasons and a confidence, and it names
the source's activities with running instances that nothing maps.

A diff is information: exit 0 whatever it finds. -o json prints it for scripts.

Examples:
  $ camunda-admin migration diff invoice:1 invoice:latest
  $ camunda-admin migration diff invoice:1 invoice:2 -o json | jq '.suggestions[0]'`,
    )
    .action(action('diffDefinitions'));

  migration
    .command('execute')
    .description('migrate process instances with a plan: checked, counted and confirmed first')
    .argument('<plan>', 'plan file (JSON or YAML), or - for standard input')
    .option('--instances <ids>', 'comma-separated process instance ids')
    .option('--instances-file <file>', 'ids one per line or as a JSON array; - for standard input')
    .option('--query <file>', 'a process instance query (JSON or YAML, the body of POST /process-instance)')
    .option('--all-instances', 'every instance of the source definition')
    .option('--tenant <id>', 'resolve KEY:VERSION and KEY:latest references within this tenant')
    .option('--skip-custom-listeners', 'do not run execution listeners of the process')
    .option('--skip-io-mappings', 'do not run input/output mappings')
    .option('--skip-validation', 'send without the pre-flight (the plan validation and the check of the selected instances)')
    .option('--dry-run', 'do everything but the execute, and print the request body that would be sent (YAML with -o yaml)')
    .option('--async', 'run as a batch (POST /migration/executeAsync) and print its id')
    .option('--wait', 'with --async: follow the batch until it ends')
    .option('--wait-timeout <seconds>', 'with --wait: stop watching after this long (exit 9; the batch goes on)')
    .option('--interval <seconds>', `with --wait: seconds between progress polls ${POLL_INTERVAL_DEFAULT}`)
    .option('--canary <n>', 'migrate N instances first (one sync execute) and check them: on the target, no new incident; then ask before the rest')
    .option('--chunk-size <n>', 'send the selection as several sync executes of at most N instances')
    .option('--journal <file>', 'with --chunk-size: where the journal goes (default: <plan>.journal.jsonl)')
    .option('--resume', 'continue a chunked run from its journal')
    .option('--report <file>', 'write the outcome of every instance (JSON, or CSV for a .csv file); an existing file is refused')
    .option('--force', 'replace an existing --report file, and start over an existing journal (it can then no longer be resumed)')
    .option('--take-over-lock', "take over the journal's lock of a run that is no longer running (another host's, or a reused pid)")
    .addHelpText(
      'after',
      `
The selection is the union of --instances, --instances-file, --query, --all-instances and the plan's
processInstanceIds/processInstanceQuery. It is resolved into ids, counted and checked (every instance
must be on the source definition) before anything is executed; exactly those ids are sent. When
only queries select (--all-instances, --query) and they find no instance on the source, as on a
re-run, nothing is sent and the run exits 0 with a zero summary; an explicit id list that is empty
is exit 2.

Before anything is sent, the pre-flight validates the plan and checks the selected instances as
migration validate does: a finding that makes the execute fail stops the run (exit 3), the warnings
are shown before the confirmation.

--resume continues the selection its journal holds, on the engine it was written against (URL,
engine name and version must match; a journal that does not record them is refused): the selection
flags are refused with it, and the plan's processInstanceIds/processInstanceQuery are not read.

--canary N migrates the first N instances of the selection on their own, then checks them: each on
the target definition, and no incident on it that it did not have before (GET /incident). A failed
check stops the run (exit 8) with the canary's table; a passed one asks before the rest (--yes goes
on). With --chunk-size the canary is the journal's first chunk, so --resume continues across it.

A chunked run holds its journal's lock (<journal>.lock) while it runs: a second run on the same
journal is refused (exit 11) and sends nothing; the lock of a run killed on this host is taken over.

Exit codes: 0 done (or nothing left to migrate), 2 bad input or not confirmed (nothing sent), 3 validation or pre-flight failures (nothing
migrated), 8 partly done (a chunk or batch jobs failed, a failed canary), 9 --wait-timeout passed (the batch goes on),
11 the journal is in use by another run (nothing sent), 130 interrupted (Ctrl-C, SIGTERM).

Examples:
  $ camunda-admin migration execute plan.yaml --all-instances --dry-run
  $ camunda-admin migration execute plan.yaml --instances-file ids.txt --chunk-size 500 --yes --report out.csv
  $ camunda-admin migration execute plan.yaml --all-instances --canary 5 --chunk-size 500
  $ camunda-admin migration execute plan.yaml --all-instances --async --wait --yes`,
    )
    .action(action('executeMigration'));

  migration
    .command('validate')
    .description('check a plan file, ask the engine to validate it, and predict what executing it does with the running instances')
    .argument('<plan>', 'plan file (JSON or YAML), or - for standard input')
    .option('--strict', "also fail (exit 3) on the pre-flight's warnings")
    .option('--tenant <id>', 'resolve KEY:VERSION and KEY:latest references within this tenant')
    .addHelpText(
      'after',
      `
The pre-flight looks at the instances the plan selects (processInstanceIds, processInstanceQuery),
or else at every running instance of the source, and says what the execute will do with them:
instances in an activity no instruction maps, or in an asynchronous continuation the target does not
have, make it fail; open incidents and failing jobs in mapped activities, parents with child
instances and children of another instance are warnings. docs/migration.md, "The pre-flight".

Exit codes: 0 valid, 2 the plan file is wrong (nothing was sent), 3 the engine reported failures, or
the pre-flight found instances the execute would fail for (with --strict: any finding).

Examples:
  $ camunda-admin migration validate plan.yaml
  $ camunda-admin migration validate plan.yaml --strict -o json`,
    )
    .action(action('validatePlan'));

  migration
    .command('sweep')
    .description('every old version of a process at once: a plan per version with running instances, reviewed, then run oldest first')
    .argument('<key>', 'the process definition key, e.g. invoice')
    .option('--to <ref>', 'the target: an id, KEY:VERSION or KEY:latest (default: KEY:latest)')
    .option('--tenant <id>', 'versions and references within this tenant')
    .option('--overrides <file>', 'instructions on top of the generated plans: for every version, and per version (or skip: true)')
    .option('--out-dir <dir>', 'write one plan per version there (KEY-v3-to-v7.yaml), for review; created if missing')
    .option('--strict', 'also fail (exit 3) when an activity with running instances is not mapped')
    .option('--plans <dir>', 'the plans to validate, or with --execute to run (as --out-dir wrote them, reviewed)')
    .option('--execute', 'with --plans: run the plans, oldest version first')
    .option('--dry-run', 'with --execute: check and count everything, send nothing')
    .option('--canary <n>', 'with --execute: per version, migrate N instances first and check them before the rest')
    .option('--chunk-size <n>', 'with --execute: sync executes of at most N instances (default: one per version)')
    .option('--async', 'with --execute: one batch per version')
    .option('--wait', 'with --async: follow each batch until it ends')
    .option('--wait-timeout <seconds>', 'with --wait: stop watching a batch after this long (exit 9; it goes on)')
    .option('--interval <seconds>', `with --wait: seconds between progress polls ${POLL_INTERVAL_DEFAULT}`)
    .option('--run-dir <dir>', 'with --execute: where the journals go (default: the --plans directory)')
    .option('--resume', 'with --execute: continue the sweep its journal holds')
    .option('--continue-on-failure', 'with --execute: go on with the next version after one fails (exit 8 at the end)')
    .option('--report <file>', 'with --execute: the outcome of every instance of every version (JSON, or CSV for a .csv file)')
    .option('--skip-custom-listeners', 'with --execute: do not run execution listeners of the process')
    .option('--skip-io-mappings', 'with --execute: do not run input/output mappings')
    .option('--force', 'replace existing plan files (--out-dir), or start over existing journals and --report (--execute)')
    .option('--take-over-lock', "with --execute: take over the journals' locks of a sweep that is no longer running")
    .addHelpText(
      'after',
      `
Without --plans, the review: the versions of KEY (within --tenant) other than the target; for each
one with running instances, the engine's generated plan (POST /migration/generate), the --overrides
on top, the engine's validation and the check of its running instances. One table: version,
definition, instances, instructions, status (valid, not valid, active but unmapped, skipped, no
running instances) and the first failure. Versions without running instances are never sent.
--out-dir writes each plan with its references (KEY:3 -> KEY:latest), so a redeploy since is found
by the drift check when it runs.

With --plans DIR, the plans of DIR (KEY-vN-to-vM.yaml) are validated again; with --execute they run
oldest version first, each through the same steps as migration execute --all-instances (pre-flight,
selection, canary, chunks or batch), after one confirmation for the whole sweep. The run directory
holds a journal per version (<plan>.journal.jsonl) and the sweep's (KEY.sweep.journal.jsonl):
--resume continues a sweep stopped anywhere, sending no instance twice and skipping none. A version
that fails stops the sweep unless --continue-on-failure.

Exit codes: 0 valid / done, 2 bad input or not confirmed (nothing sent), 3 a plan is not valid (or,
with --strict, leaves running instances unmapped; with --execute: nothing sent), 8 a version failed
(a chunk, a canary, batch jobs) or instances are left on a source, 9 --wait-timeout passed, 11 a
journal is in use by another run, 130 interrupted.

Examples:
  $ camunda-admin migration sweep invoice --out-dir plans/
  $ camunda-admin migration sweep invoice --overrides overrides.yaml --out-dir plans/ --force
  $ camunda-admin migration sweep invoice --plans plans/ --execute --canary 5 --chunk-size 500 --report sweep.csv
  $ camunda-admin migration sweep invoice --plans plans/ --execute --resume --yes`,
    )
    .action(action('sweepMigration'));
}

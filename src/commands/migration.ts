/** `migration`: generate plans, validate them (the dry run before a release), execute them. docs/commands.md, docs/migration.md. What runs: ./migration-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
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
    .action(action('generatePlan'));

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
    .option('--skip-validation', 'send without the pre-flight validation')
    .option('--dry-run', 'do everything but the execute, and print the request body that would be sent (YAML with -o yaml)')
    .option('--async', 'run as a batch (POST /migration/executeAsync) and print its id')
    .option('--wait', 'with --async: follow the batch until it ends')
    .option('--wait-timeout <seconds>', 'with --wait: stop watching after this long (exit 9; the batch goes on)')
    .option('--interval <seconds>', 'with --wait: seconds between progress polls (default: 2)')
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

--resume continues the selection its journal holds, on the engine it was written against (URL,
engine name and version must match; a journal that does not record them is refused): the selection
flags are refused with it, and the plan's processInstanceIds/processInstanceQuery are not read.

--canary N migrates the first N instances of the selection on their own, then checks them: each on
the target definition, and no incident on it that it did not have before (GET /incident). A failed
check stops the run (exit 8) with the canary's table; a passed one asks before the rest (--yes goes
on). With --chunk-size the canary is the journal's first chunk, so --resume continues across it.

A chunked run holds its journal's lock (<journal>.lock) while it runs: a second run on the same
journal is refused (exit 11) and sends nothing; the lock of a run killed on this host is taken over.

Exit codes: 0 done (or nothing left to migrate), 2 bad input or not confirmed (nothing sent), 3 validation failures (nothing
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
    .description('check a plan file, then ask the engine to validate it and look for running instances it would leave behind')
    .argument('<plan>', 'plan file (JSON or YAML), or - for standard input')
    .option('--strict', 'also fail (exit 3) when an activity with running instances is not mapped')
    .option('--tenant <id>', 'resolve KEY:VERSION and KEY:latest references within this tenant')
    .addHelpText(
      'after',
      `
Exit codes: 0 valid, 2 the plan file is wrong (nothing was sent), 3 the engine reported failures
(or, with --strict, running instances sit on unmapped activities).

Examples:
  $ camunda-admin migration validate plan.yaml
  $ camunda-admin migration validate plan.yaml --strict -o json`,
    )
    .action(action('validatePlan'));
}

/** `migration`: generate plans, validate them (the dry run before a release), execute them, sweep every old version. docs/commands.md, docs/migration.md. What runs: ./migration-actions.ts. */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import type * as actions from './migration-actions.js';
import { MIGRATION_DIFF_FLAGS, MIGRATION_EXECUTE_FLAGS, MIGRATION_GENERATE_FLAGS, MIGRATION_SWEEP_FLAGS, MIGRATION_VALIDATE_FLAGS } from './migration-flags.js';
import { declareFlags } from './spec.js';

export function declareMigrationCommands(program: Command, action: ActionOf<typeof actions>): void {
  const migration = program.command('migration').description('process instance migration: generate, validate and execute plans');

  declareFlags(migration.command('generate'), MIGRATION_GENERATE_FLAGS)
    .description('ask the engine for a plan that maps equal activities, and write it as a plan file')
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

  declareFlags(migration.command('diff'), MIGRATION_DIFF_FLAGS)
    .description("compare two definitions' BPMN models: activities side by side, type changes, suggested mappings for renamed activities")
    .argument('<source>', 'source definition: an id, KEY:VERSION or KEY:latest')
    .argument('<target>', 'target definition: an id, KEY:VERSION or KEY:latest')
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

  declareFlags(migration.command('execute'), MIGRATION_EXECUTE_FLAGS)
    .description('migrate process instances with a plan: checked, counted and confirmed first')
    .argument('<plan>', 'plan file (JSON or YAML), or - for standard input')
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

${exitCodesHelp([
  [ExitCode.Success, 'done (or nothing left to migrate)'],
  [ExitCode.Usage, 'bad input or not confirmed (nothing sent)'],
  [ExitCode.ValidationFailed, 'validation or pre-flight failures (nothing migrated)'],
  [ExitCode.Partial, 'partly done (a chunk or batch jobs failed, a failed canary)'],
  [ExitCode.WaitTimedOut, '--wait-timeout passed (the batch goes on)'],
  [ExitCode.Locked, 'the journal is in use by another run (nothing sent)'],
  [ExitCode.Interrupted, 'interrupted (Ctrl-C, SIGTERM)'],
])}

Examples:
  $ camunda-admin migration execute plan.yaml --all-instances --dry-run
  $ camunda-admin migration execute plan.yaml --instances-file ids.txt --chunk-size 500 --yes --report out.csv
  $ camunda-admin migration execute plan.yaml --all-instances --canary 5 --chunk-size 500
  $ camunda-admin migration execute plan.yaml --all-instances --async --wait --yes`,
    )
    .action(action('executeMigration'));

  declareFlags(migration.command('validate'), MIGRATION_VALIDATE_FLAGS)
    .description('check a plan file, ask the engine to validate it, and predict what executing it does with the running instances')
    .argument('<plan>', 'plan file (JSON or YAML), or - for standard input')
    .addHelpText(
      'after',
      `
The pre-flight looks at the instances the plan selects (processInstanceIds, processInstanceQuery),
or else at every running instance of the source, and says what the execute will do with them:
instances in an activity no instruction maps, or in an asynchronous continuation the target does not
have, make it fail; open incidents and failing jobs in mapped activities, parents with child
instances and children of another instance are warnings. docs/migration.md, "The pre-flight".

${exitCodesHelp([
  [ExitCode.Success, 'valid'],
  [ExitCode.Usage, 'the plan file is wrong (nothing was sent)'],
  [ExitCode.ValidationFailed, 'the engine reported failures, or the pre-flight found instances the execute would fail for (with --strict: any finding)'],
])}

Examples:
  $ camunda-admin migration validate plan.yaml
  $ camunda-admin migration validate plan.yaml --strict -o json`,
    )
    .action(action('validatePlan'));

  declareFlags(migration.command('sweep'), MIGRATION_SWEEP_FLAGS)
    .description('every old version of a process at once: a plan per version with running instances, reviewed, then run oldest first')
    .argument('<key>', 'the process definition key, e.g. invoice')
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

${exitCodesHelp([
  [ExitCode.Success, 'valid / done'],
  [ExitCode.Usage, 'bad input or not confirmed (nothing sent)'],
  [ExitCode.ValidationFailed, 'a plan is not valid (or, with --strict, leaves running instances unmapped; with --execute: nothing sent)'],
  [ExitCode.Partial, 'a version failed (a chunk, a canary, batch jobs) or instances are left on a source'],
  [ExitCode.WaitTimedOut, '--wait-timeout passed'],
  [ExitCode.Locked, 'a journal is in use by another run'],
  ExitCode.Interrupted,
])}

Examples:
  $ camunda-admin migration sweep invoice --out-dir plans/
  $ camunda-admin migration sweep invoice --overrides overrides.yaml --out-dir plans/ --force
  $ camunda-admin migration sweep invoice --plans plans/ --execute --canary 5 --chunk-size 500 --report sweep.csv
  $ camunda-admin migration sweep invoice --plans plans/ --execute --resume --yes`,
    )
    .action(action('sweepMigration'));
}

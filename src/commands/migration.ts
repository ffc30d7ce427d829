/** `migration`: generate plans, validate them (the dry run before a release). CLI.md "migration". */
import type { Command } from 'commander';
import type { App } from '../app.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import { registerExecuteCommand } from './migration-execute.js';

interface GenerateOptions {
  source: string;
  target: string;
  tenant?: string;
  updateEventTriggers?: boolean;
  variables?: string;
  out?: string;
  force?: boolean;
}

interface ValidateOptions {
  strict?: boolean;
  tenant?: string;
}

export function registerMigrationCommands(program: Command, app: App): void {
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
    .addHelpText(
      'after',
      `
With --out, the file name decides the format; -o json with a name that is not .json, or -o yaml
with a .json name, is refused as a contradiction.

Examples:
  $ camunda-admin migration generate --source invoice:1 --target invoice:latest --out plan.yaml
  $ camunda-admin migration generate --source invoice:1 --target invoice:2 -o json > plan.json`,
    )
    .action(async (options: GenerateOptions) => {
      const { parseReference, resolveReference } = await import('../plans/references.js');
      const { readInputFile, parseVariables, formatProblem } = await import('../plans/load.js');
      const output = await app.output();
      // Everything the user gave is checked before the first request.
      app.refuseStdinClash({ '--variables': options.variables });
      if (options.force && !options.out) throw new UsageError('--force needs --out');
      const format = planFormat(options.out, output.format);
      if (options.out) {
        const { checkOutputFile } = await import('../util/files.js');
        await checkOutputFile(options.out, '--out', Boolean(options.force));
      }
      const sourceReference = parseReference(options.source, '--source');
      const targetReference = parseReference(options.target, '--target');
      let variables;
      if (options.variables) {
        const file = await readInputFile(options.variables, app.io.stdin, 'variables');
        const parsed = parseVariables(file.text, file.name);
        for (const warning of parsed.warnings) output.warn(formatProblem(warning));
        variables = parsed.variables;
      }

      const client = await app.client();
      const [source, target] = await Promise.all([
        resolveReference(client.processDefinitions, sourceReference, options.tenant, '--source'),
        resolveReference(client.processDefinitions, targetReference, options.tenant, '--target'),
      ]);
      const generated = await client.migration.generate({
        sourceProcessDefinitionId: source.id,
        targetProcessDefinitionId: target.id,
        updateEventTriggers: Boolean(options.updateEventTriggers),
        ...(variables ? { variables } : {}),
      });

      const { planDocument, serializePlan } = await import('../plans/write.js');
      const document = planDocument({ source, target, sourceReference, targetReference, generated, variables });
      const command = [
        `camunda-admin migration generate --source ${options.source} --target ${options.target}`,
        ...(options.tenant ? [`--tenant ${options.tenant}`] : []),
        ...(options.updateEventTriggers ? ['--update-event-triggers'] : []),
        ...(options.variables ? [`--variables ${options.variables}`] : []),
      ].join(' ');
      const text = await serializePlan(document, format, command);
      if (options.out) {
        const { writeFileAtomically } = await import('../runtime.js');
        await writeFileAtomically(options.out, text);
      } else {
        output.raw(text);
      }
      const { describeDefinition } = await import('../render/migration.js');
      const count = document.instructions.length;
      output.info(
        `mapped ${count} ${count === 1 ? 'activity' : 'activities'}: ${describeDefinition(source)} -> ${describeDefinition(target)}` +
          (options.out ? `; plan written to ${options.out}` : ''),
      );
      if (count === 0) output.warn('the engine mapped no activity: edit the plan and add instructions before executing it');
    });

  registerExecuteCommand(migration, app);

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
    .action(async (planFile: string, options: ValidateOptions) => {
      app.refuseStdinClash({ '<plan>': planFile });
      const { readInputFile, parsePlan, formatProblem } = await import('../plans/load.js');
      const output = await app.output();
      const { name, text } = await readInputFile(planFile, app.io.stdin);
      const loaded = parsePlan(text, name);
      const warnings = loaded.warnings.map(formatProblem);
      for (const warning of warnings) output.warn(warning);

      const client = await app.client();
      const { resolvePlan } = await import('../plans/resolve.js');
      const resolved = await resolvePlan(loaded, client.processDefinitions, options.tenant);
      const [report, statistics] = await Promise.all([
        client.migration.validate(resolved.request),
        client.processDefinitions.activityStatistics(resolved.source.id),
      ]);

      const { buildValidationResult } = await import('../plans/validation.js');
      const result = buildValidationResult({
        plan: name,
        planFile: loaded.plan,
        strict: Boolean(options.strict),
        source: resolved.source,
        target: resolved.target,
        report,
        statistics,
        warnings,
      });
      if (!options.strict) {
        for (const activity of result.activeUnmapped) {
          output.warn(
            `activity '${activity.activityId}' has ${activity.instances} running instance${activity.instances === 1 ? '' : 's'} that no instruction maps; migrating them would fail (--strict makes this a failure)`,
          );
        }
      }
      const { validationView } = await import('../render/migration.js');
      await output.data(result, validationView);
      if (!result.valid) app.exitCode = ExitCode.ValidationFailed;
    });
}

/**
 * JSON for a .json --out or -o json; YAML otherwise (the table format of a plan is YAML). A file
 * name and an -o that disagree are refused: either choice would silently ignore the other.
 */
function planFormat(out: string | undefined, format: 'table' | 'json' | 'yaml'): 'json' | 'yaml' {
  if (!out) return format === 'json' ? 'json' : 'yaml';
  const byName = /\.json$/i.test(out) ? 'json' : 'yaml';
  if (format !== 'table' && format !== byName) {
    throw new UsageError(`--out ${out} is written as ${byName === 'json' ? 'JSON (a .json name)' : 'YAML (not a .json name)'}, which contradicts -o ${format}; name the file to match, or leave out -o`);
  }
  return byName;
}

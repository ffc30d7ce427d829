/** What the `migration` commands do (declared in ./migration.ts); `execute` is ./migration-execute.ts. */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import { formatProblem, parsePlan, parseVariables, readInputFile } from '../plans/load.js';
import { parseReference, resolveReference } from '../plans/references.js';
import { resolvePlan } from '../plans/resolve.js';
import { buildValidationResult } from '../plans/validation.js';
import { planDocument, serializePlan } from '../plans/write.js';
import { describeDefinition, validationView } from '../render/migration.js';
import { checkOutputFile, documentFormat, writeFileAtomically } from '../util/files.js';

export { executeMigration } from './migration-execute.js';

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

export async function generatePlan(app: App, options: GenerateOptions): Promise<void> {
  const output = await app.output();
  // Everything the user gave is checked before the first request.
  app.refuseStdinClash({ '--variables': options.variables });
  if (options.force && !options.out) throw new UsageError('--force needs --out');
  const format = documentFormat(options.out, output.format);
  if (options.out) {
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

  const client = await engineClient(app);
  const [source, target] = await Promise.all([
    resolveReference(client.processDefinitions, sourceReference, { tenant: options.tenant, where: '--source' }),
    resolveReference(client.processDefinitions, targetReference, { tenant: options.tenant, where: '--target' }),
  ]);
  const generated = await client.migration.generate({
    sourceProcessDefinitionId: source.id,
    targetProcessDefinitionId: target.id,
    updateEventTriggers: Boolean(options.updateEventTriggers),
    ...(variables ? { variables } : {}),
  });
  const document = planDocument({ source, target, sourceReference, targetReference, generated, variables });
  const command = [
    `camunda-admin migration generate --source ${options.source} --target ${options.target}`,
    ...(options.tenant ? [`--tenant ${options.tenant}`] : []),
    ...(options.updateEventTriggers ? ['--update-event-triggers'] : []),
    ...(options.variables ? [`--variables ${options.variables}`] : []),
  ].join(' ');
  const text = await serializePlan(document, format, command);
  if (options.out) {
    await writeFileAtomically(options.out, text);
  } else {
    output.raw(text);
  }
  const count = document.instructions.length;
  output.info(
    `mapped ${count} ${count === 1 ? 'activity' : 'activities'}: ${describeDefinition(source)} -> ${describeDefinition(target)}` +
      (options.out ? `; plan written to ${options.out}` : ''),
  );
  if (count === 0) output.warn('the engine mapped no activity: edit the plan and add instructions before executing it');
}

export async function validatePlan(app: App, planFile: string, options: ValidateOptions): Promise<void> {
  app.refuseStdinClash({ '<plan>': planFile });
  const output = await app.output();
  const { name, text } = await readInputFile(planFile, app.io.stdin);
  const loaded = parsePlan(text, name);
  const warnings = loaded.warnings.map(formatProblem);
  for (const warning of warnings) output.warn(warning);

  const client = await engineClient(app);
  const resolved = await resolvePlan(loaded, client.processDefinitions, options.tenant);
  const [report, statistics] = await Promise.all([
    client.migration.validate(resolved.request),
    client.processDefinitions.activityStatistics(resolved.source.id),
  ]);
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
  await output.data(result, validationView);
  if (!result.valid) app.exitCode = ExitCode.ValidationFailed;
}


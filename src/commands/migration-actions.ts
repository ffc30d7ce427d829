/** What the `migration` commands do (declared in ./migration.ts); `execute` is ./migration-execute.ts, over the pipeline of src/migration/pipeline.ts. */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import { generatePlan } from '../migration/generate.js';
import { diffModels } from '../migration/model-diff.js';
import { preflightInstances, selectedByPlan } from '../migration/preflight.js';
import { formatProblem, parsePlan, parseVariables, readInputFile } from '../plans/load.js';
import { parseReference, resolveReference } from '../plans/references.js';
import { resolvePlan } from '../plans/resolve.js';
import { buildValidationResult, unknownActivities } from '../plans/validation.js';
import { serializePlan } from '../plans/write.js';
import { describeDefinition, validationView } from '../render/migration.js';
import { modelDiffView } from '../render/model-diff.js';
import { checkOutputFile, documentFormat, writeFileAtomically } from '../util/files.js';
import { plural } from '../util/text.js';
import { nearestActivities, readProcessModel } from '../migration/models.js';

import type { DiffFlags, GenerateFlags, ValidateFlags } from './migration-flags.js';

export { executeMigration } from './migration-execute.js';
export { sweepMigration } from './migration-sweep.js';

export async function generateMigrationPlan(app: App, options: GenerateFlags): Promise<void> {
  const output = await app.output();
  // Everything the user gave is checked before the first request.
  app.refuseStdinClash({ '--variables': options.variables });
  if (options.force && !options.out) throw new UsageError('--force needs --out');
  const format = documentFormat(options.out, output.format);
  if (options.suggest && format === 'json') {
    throw new UsageError(
      '--suggest writes its suggestions as comments, which a JSON plan cannot hold; write YAML (--out NAME.yaml, or no -o json), or use migration diff -o json for the suggestions as data',
    );
  }
  if (options.out) {
    await checkOutputFile(options.out, '--out', Boolean(options.force));
  }
  const sourceReference = parseReference(options.source, '--source');
  const targetReference = parseReference(options.target, '--target');
  let variables;
  if (options.variables) {
    const file = await readInputFile(options.variables, app.io.stdin, 'variables file');
    const parsed = parseVariables(file.text, file.name);
    for (const warning of parsed.warnings) output.warn(formatProblem(warning));
    variables = parsed.variables;
  }

  const client = await engineClient(app);
  const { source, target, document, unmapped, suggestions: planSuggestions } = await generatePlan(client, {
    sourceReference,
    targetReference,
    tenant: options.tenant,
    updateEventTriggers: Boolean(options.updateEventTriggers),
    variables,
    suggest: Boolean(options.suggest),
    unlisted: (error) => output.warn(`the activities the engine left out cannot be listed: ${error instanceof Error ? error.message : String(error)}`),
  });
  const command = [
    `camunda-admin migration generate --source ${options.source} --target ${options.target}`,
    ...(options.tenant ? [`--tenant ${options.tenant}`] : []),
    ...(options.updateEventTriggers ? ['--update-event-triggers'] : []),
    ...(options.variables ? [`--variables ${options.variables}`] : []),
    ...(options.suggest ? ['--suggest'] : []),
  ].join(' ');
  const text = await serializePlan(document, format, command, planSuggestions);
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
  const suggestionFor = new Map((planSuggestions?.suggestions ?? []).map((suggestion) => [suggestion.sourceActivityId, suggestion]));
  for (const activity of unmapped) {
    const suggestion = suggestionFor.get(activity.activityId);
    const suggested = suggestion ? `; suggested in the plan: ${suggestion.targetActivityId} (${suggestion.level} confidence)` : '';
    if (activity.instances > 0) {
      output.warn(`not mapped: ${activity.activityId} (${activity.type}) has ${plural(activity.instances, 'running instance')}; migrating them would fail without an instruction${suggested}`);
    } else {
      output.info(`not mapped: ${activity.activityId} (${activity.type}), 0 running instances${suggested}`);
    }
  }
  if (count === 0) output.warn('the engine mapped no activity: edit the plan and add instructions before executing it');
}

export async function diffDefinitions(app: App, sourceText: string, targetText: string, options: DiffFlags): Promise<void> {
  const sourceReference = parseReference(sourceText, 'source definition');
  const targetReference = parseReference(targetText, 'target definition');
  const client = await engineClient(app);
  const [source, target] = await Promise.all([
    resolveReference(client.processDefinitions, sourceReference, { tenant: options.tenant, where: 'source definition' }),
    resolveReference(client.processDefinitions, targetReference, { tenant: options.tenant, where: 'target definition' }),
  ]);
  const [sourceModel, targetModel, statistics] = await Promise.all([
    readProcessModel(client.processDefinitions, source),
    readProcessModel(client.processDefinitions, target),
    client.processDefinitions.activityStatistics(source.id),
  ]);
  // A diff is information: exit 0 whatever it finds.
  await (await app.output()).data({ source, target, ...diffModels(sourceModel, targetModel, statistics) }, modelDiffView);
}

export async function validatePlan(app: App, planFile: string, options: ValidateFlags): Promise<void> {
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
    client.processDefinitions.activityStatistics(resolved.source.id, { incidents: true }),
  ]);
  const selection = await selectedByPlan(client, loaded.plan, resolved.source.id);
  for (const id of selection?.notFound ?? []) output.warn(`the plan selects ${id}, which is not running: execute would refuse the selection (exit 2)`);
  for (const { id, definitionId } of selection?.elsewhere ?? []) {
    output.warn(`the plan selects ${id}, which runs on ${definitionId}, not on the source: execute would refuse the selection (exit 2)`);
  }
  const [unknown, preflight] = await Promise.all([
    nearestActivities(client.processDefinitions, resolved, unknownActivities(report), (message) => output.debug(message)),
    preflightInstances(client, { source: resolved.source, target: resolved.target, instructions: resolved.request.instructions, statistics, selection: selection?.ids, planReport: report }),
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
    unknownActivities: unknown,
    preflight,
  });
  await output.data(result, validationView);
  if (!result.valid) app.exitCode = ExitCode.ValidationFailed;
}

/** What the `migration` commands do (declared in ./migration.ts); `execute` is ./migration-execute.ts, over the pipeline of src/migration/pipeline.ts. */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import { generatePlanFile } from '../migration/generate-run.js';
import { diffDefinitionPair } from '../migration/diff-run.js';
import { type ValidateEnvironment, validatePlanFile } from '../migration/validate-run.js';
import { parseReference } from '../plans/references.js';
import { printGeneratedPlan } from '../render/generate.js';
import { validationView } from '../render/migration.js';
import { modelDiffView } from '../render/model-diff.js';
import type { Output } from '../render/output.js';
import { documentFormat } from '../util/files.js';

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
  const plan = await generatePlanFile(runEnvironment(app, output), {
    source: options.source,
    target: options.target,
    tenant: options.tenant,
    updateEventTriggers: Boolean(options.updateEventTriggers),
    variables: options.variables,
    suggest: Boolean(options.suggest),
    format,
    out: options.out,
    force: Boolean(options.force),
  });
  printGeneratedPlan(output, plan);
}

/** What the use cases of src/migration need of the app: standard input, the engine, warnings and debug lines. */
function runEnvironment(app: App, output: Output): ValidateEnvironment {
  return {
    stdin: app.io.stdin,
    client: ({ bulk }) => engineClient(app, { bulk }),
    warn: (message) => output.warn(message),
    debug: (message) => output.debug(message),
  };
}

export async function diffDefinitions(app: App, sourceText: string, targetText: string, options: DiffFlags): Promise<void> {
  const source = parseReference(sourceText, 'source definition');
  const target = parseReference(targetText, 'target definition');
  const diff = await diffDefinitionPair(await engineClient(app), { source, target, tenant: options.tenant });
  // A diff is information: exit 0 whatever it finds.
  await (await app.output()).data(diff, modelDiffView);
}

export async function validatePlan(app: App, planFile: string, options: ValidateFlags): Promise<void> {
  app.refuseStdinClash({ '<plan>': planFile });
  const output = await app.output();
  const result = await validatePlanFile(runEnvironment(app, output), { planFile, tenant: options.tenant, strict: Boolean(options.strict) });
  await output.data(result, validationView);
  if (!result.valid) app.exitCode = ExitCode.ValidationFailed;
}

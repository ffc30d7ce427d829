/**
 * `migration generate`, as a use case: the references and the variables file read, the engine's plan
 * made (./generate.ts), serialized with the command line that made it, and written to --out. The
 * printing of what it found is the renderer's (src/render/generate.ts). Terminal-free.
 */
import { parseVariables } from '../plans/load.js';
import { formatProblem } from '../input/problems.js';
import { withPlaces } from '../input/place-loader.js';
import { readInputFile } from '../input/read.js';
import { parseReference } from '../plans/references.js';
import { serializePlan } from '../plans/write.js';
import { checkOutputFile, writeFileAtomically } from '../util/files.js';
import type { RunEnvironment } from './execute-run.js';
import { generatePlan, type GeneratedPlan } from './generate.js';

export interface GenerateFileRequest {
  /** --source and --target as given: references, parsed here. */
  source: string;
  target: string;
  tenant: string | undefined;
  updateEventTriggers: boolean;
  /** The variables file (or - for standard input). */
  variables: string | undefined;
  suggest: boolean;
  format: 'json' | 'yaml';
  /** Where the plan goes; without it, the text is returned for stdout. */
  out: string | undefined;
  /** Replace an existing --out file. */
  force: boolean;
}

export interface GeneratedPlanFile extends GeneratedPlan {
  /** The plan's text, when it is not written to a file (it goes to stdout). */
  text: string | undefined;
  /** The file it was written to. */
  out: string | undefined;
}

export async function generatePlanFile(env: Pick<RunEnvironment, 'stdin' | 'client' | 'warn'>, request: GenerateFileRequest): Promise<GeneratedPlanFile> {
  // Everything the user gave is checked before the first request.
  if (request.out) await checkOutputFile(request.out, '--out', request.force);
  const sourceReference = parseReference(request.source, '--source');
  const targetReference = parseReference(request.target, '--target');
  let variables;
  if (request.variables) {
    const file = await readInputFile(request.variables, env.stdin, 'variables file');
    const parsed = await withPlaces((places) => parseVariables(file.text, file.name, places));
    for (const warning of parsed.warnings) env.warn(formatProblem(warning));
    variables = parsed.variables;
  }

  const client = await env.client({ bulk: false });
  const generated = await generatePlan(client, {
    sourceReference,
    targetReference,
    tenant: request.tenant,
    updateEventTriggers: request.updateEventTriggers,
    variables,
    suggest: request.suggest,
    unlisted: (error) => env.warn(`the activities the engine left out cannot be listed: ${error instanceof Error ? error.message : String(error)}`),
  });
  const text = await serializePlan(generated.document, request.format, generateCommand(request), generated.suggestions);
  if (request.out) await writeFileAtomically(request.out, text);
  return { ...generated, text: request.out ? undefined : text, out: request.out };
}

/** The command line in the plan's header: what made it, without --out. */
function generateCommand(request: GenerateFileRequest): string {
  return [
    `camunda-admin migration generate --source ${request.source} --target ${request.target}`,
    ...(request.tenant ? [`--tenant ${request.tenant}`] : []),
    ...(request.updateEventTriggers ? ['--update-event-triggers'] : []),
    ...(request.variables ? [`--variables ${request.variables}`] : []),
    ...(request.suggest ? ['--suggest'] : []),
  ].join(' ');
}

/**
 * `migration sweep` without --execute, as use cases: the review (./sweep.ts) with its plans written to
 * --out-dir, and the plans of a --plans directory read, resolved and validated again. Also the reading
 * of that directory for a run (./sweep-execute.ts). Terminal-free.
 */
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inputError } from '../change/errors.js';
import type { EngineClient } from '../engine/client.js';
import type { ProcessDefinition, ProcessDefinitionApi } from '../engine/process-definitions.js';
import { parsePlan } from '../plans/load.js';
import { formatProblem } from '../input/problems.js';
import { withPlaces } from '../input/place-loader.js';
import { readInputFile } from '../input/read.js';
import { parseOverrides, type SweepOverrides, unknownVersions } from '../plans/overrides.js';
import { parseReference } from '../plans/references.js';
import { resolvePlan } from '../plans/resolve.js';
import { buildValidationResult } from '../plans/validation.js';
import { serializePlan } from '../plans/write.js';
import { checkOutputFile, writeFileAtomically } from '../util/files.js';
import type { RunEnvironment } from './execute-run.js';
import { planFileMatcher, planFileName } from './plan-file-name.js';
import { reviewSweep, type SweepReview, sweepValid, sweepVerdict } from './sweep.js';
import type { SweepPlanToRun, SweepReviewSummary } from './sweep-outcome.js';

export interface SweepReviewRequest {
  key: string;
  to: string | undefined;
  tenant: string | undefined;
  overrides: string | undefined;
  outDir: string | undefined;
  strict: boolean;
  force: boolean;
  /** Suggested mappings in the plans written, as comments (as `migration generate --suggest`); needs outDir. */
  suggest?: boolean;
  /** The command that wrote the plans, for their header. */
  command: string;
}

export async function reviewSweepPlans(env: Pick<RunEnvironment, 'stdin' | 'client' | 'warn'>, request: SweepReviewRequest): Promise<SweepReviewSummary> {
  const { key } = request;
  if (request.outDir) await checkDirectory(request.outDir, '--out-dir', { create: true });
  let overrides: SweepOverrides | undefined;
  if (request.overrides) {
    const file = await readInputFile(request.overrides, env.stdin, 'overrides file');
    overrides = await withPlaces((places) => parseOverrides(file.text, file.name, places));
  }
  // Without --to the target is the key's latest version: an error about it is the key's, not --to's.
  const targetWhere = request.to === undefined ? '<key>' : '--to';
  const target = parseReference(request.to ?? `${key}:latest`, targetWhere);
  const client = await env.client({ bulk: false });
  const found = await reviewSweep(client, {
    key,
    target,
    targetWhere,
    tenant: request.tenant,
    overrides,
    strict: request.strict,
    suggest: Boolean(request.suggest && request.outDir),
  });
  if (overrides && request.overrides) {
    const versions = [...found.versions.map((version) => version.version), ...(found.target.key === key ? [found.target.version] : [])];
    const unknown = unknownVersions(overrides, versions);
    if (unknown.length > 0) {
      throw inputError(
        `${request.overrides}: versions.${unknown[0]}: ${key} has no version ${unknown[0]}${found.target.tenantId ? ` in tenant ${found.target.tenantId}` : ''} (versions: ${versions.sort((a, b) => a - b).join(', ')}); no plan was written`,
      );
    }
  }
  if (!found.strict) {
    for (const version of found.versions) {
      const suggestionFor = new Map((version.suggestions?.suggestions ?? []).map((suggestion) => [suggestion.sourceActivityId, suggestion]));
      for (const activity of version.validation?.activeUnmapped ?? []) {
        const suggestion = suggestionFor.get(activity.activityId);
        const suggested = suggestion ? `; suggested in the plan: ${suggestion.targetActivityId} (${suggestion.level} confidence)` : '';
        env.warn(
          `${key}:${version.version}: activity '${activity.activityId}' has ${activity.instances} running instance${activity.instances === 1 ? '' : 's'} that no instruction maps; migrating them would fail (map it with --overrides; --strict makes this a failure)${suggested}`,
        );
      }
    }
  }
  const files = request.outDir ? await writePlans(found, request.outDir, request) : new Map<number, string>();
  return {
    key,
    target: found.target,
    strict: found.strict,
    valid: found.valid,
    versions: found.versions.map((version) => ({
      version: version.version,
      definitionId: version.definition.id,
      instances: version.instances,
      instructions: version.instructions,
      overridden: version.overridden,
      status: version.status,
      firstFailure: version.firstFailure,
      activeUnmapped: version.validation?.activeUnmapped ?? [],
      file: files.get(version.version) ?? null,
    })),
    outDir: request.outDir ?? null,
  };
}

/** One plan file per version with a plan, all checked before any is written; the header says how the version stood. */
async function writePlans(found: SweepReview, outDir: string, request: SweepReviewRequest): Promise<Map<number, string>> {
  const planned = found.versions.filter((version) => version.plan !== null);
  const files = new Map(planned.map((version) => [version.version, join(outDir, planFileName(request.key, version.version, found.target))]));
  for (const file of files.values()) await checkOutputFile(file, '--out-dir', request.force);
  for (const version of planned) {
    const status = version.firstFailure ? `${version.status}: ${version.firstFailure}` : version.status;
    const note = `Sweep of ${request.key}: version ${version.version}, ${version.instances} running instance${version.instances === 1 ? '' : 's'} when generated; ${status.replace(/\s+/g, ' ')}`;
    const text = await serializePlan(version.plan!, 'yaml', request.command, version.suggestions ?? undefined, [note.trimEnd()]);
    await writeFileAtomically(files.get(version.version)!, text);
  }
  return files;
}

export async function checkDirectory(directory: string, flag: string, options: { create: boolean }): Promise<void> {
  const found = await stat(directory).catch(() => undefined);
  if (found && !found.isDirectory()) throw inputError(`${flag} ${directory}: not a directory`);
  if (found) return;
  if (!options.create) throw inputError(`${flag} ${directory}: no such directory`);
  try {
    await mkdir(directory, { recursive: true });
  } catch (error) {
    throw inputError(`${flag} ${directory}: cannot be created (${(error as { code?: string }).code ?? String(error)})`);
  }
}

/** The plan files of KEY in DIR, as --out-dir names them, by file name. */
export async function planFiles(directory: string, key: string): Promise<string[]> {
  await checkDirectory(directory, '--plans', { create: false });
  const isPlanFile = planFileMatcher(key);
  const names = (await readdir(directory)).filter(isPlanFile).sort();
  if (names.length === 0) throw inputError(`--plans ${directory}: no plan files of ${key} (${key}-vN-to-vM.yaml, as --out-dir writes them)`);
  return names;
}

/** Every plan read and resolved; a plan of another key, or two of one version, are refused. */
export async function loadPlans(
  env: Pick<RunEnvironment, 'stdin' | 'warn'>,
  client: EngineClient,
  request: { key: string; plans: string; tenant: string | undefined },
  runDir: string,
): Promise<SweepPlanToRun[]> {
  const { key } = request;
  const plans: SweepPlanToRun[] = [];
  const definitions = findingOnce(client.processDefinitions);
  for (const file of await planFiles(request.plans, key)) {
    const path = join(request.plans, file);
    const { name, text } = await readInputFile(path, env.stdin);
    const loaded = await withPlaces((places) => parsePlan(text, name, places));
    for (const warning of loaded.warnings) env.warn(formatProblem(warning));
    const resolved = await resolvePlan(loaded, definitions, request.tenant);
    if (resolved.source.key !== key) throw inputError(`${path}: its source is ${resolved.source.key}:${resolved.source.version}, not a version of ${key}`);
    const twin = plans.find((plan) => plan.plan.resolved.source.id === resolved.source.id);
    if (twin) throw inputError(`${path} and ${join(request.plans, twin.file)} are both plans for ${key}:${resolved.source.version}: keep one`);
    plans.push({ file, journalFile: join(runDir, `${file}.journal.jsonl`), plan: { name, loaded, resolved } });
  }
  return plans;
}

/**
 * The plans of a directory all name the same target (`KEY:latest`, as --out-dir writes them): in the
 * one step that reads them, each lookup is asked once and its answer shared, so that every plan
 * resolves alike and twenty plans cost one request for their target, not twenty. A failed lookup is
 * not kept (the plan that meets it reports it, as before).
 */
function findingOnce(definitions: ProcessDefinitionApi): ProcessDefinitionApi {
  const answers = new Map<string, Promise<ProcessDefinition[]>>();
  const once = Object.create(definitions) as ProcessDefinitionApi;
  once.find = (query) => {
    const key = JSON.stringify(query);
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = definitions.find(query);
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
    return answer;
  };
  return once;
}

/** `--plans DIR` without --execute: each plan validated and its instances counted, as the review shows them. */
export async function validateSweepPlans(
  env: Pick<RunEnvironment, 'stdin' | 'client' | 'warn'>,
  request: { key: string; plans: string; tenant: string | undefined; strict: boolean },
): Promise<SweepReviewSummary> {
  const { key, strict } = request;
  const client = await env.client({ bulk: false });
  const plans = await loadPlans(env, client, request, request.plans);
  const versions = await Promise.all(
    plans.map(async ({ file, plan }) => {
      const { resolved, loaded } = plan;
      const [report, statistics, instances] = await Promise.all([
        client.migration.validate(resolved.request),
        client.processDefinitions.activityStatistics(resolved.source.id),
        client.processInstances.count({ processDefinitionId: resolved.source.id }),
      ]);
      const validation = buildValidationResult({
        plan: plan.name,
        planFile: loaded.plan,
        strict,
        source: resolved.source,
        target: resolved.target,
        report,
        statistics,
        warnings: [],
      });
      const { status, firstFailure } = instances === 0 ? { status: 'no-instances' as const, firstFailure: null } : sweepVerdict(validation);
      return {
        version: resolved.source.version,
        definitionId: resolved.source.id,
        instances,
        instructions: loaded.plan.instructions.length,
        overridden: 0,
        status,
        firstFailure,
        activeUnmapped: validation.activeUnmapped,
        file,
        target: resolved.target,
      };
    }),
  );
  versions.sort((a, b) => a.version - b.version);
  return {
    key,
    target: versions[0]!.target,
    strict,
    valid: sweepValid(versions, strict),
    versions: versions.map(({ target: _target, ...version }) => version),
    outDir: null,
  };
}

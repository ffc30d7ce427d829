/**
 * `migration sweep --overrides FILE`: what the engine's generated plans need on top, for every old
 * version at once. A plan-like file: `instructions` and `variables` for all versions, and sections per
 * version number with their own, or `skip: true` (docs/migration.md, "Sweeping old versions").
 *
 *   instructions:                       # every version
 *     - { sourceActivityIds: [approveInvoice], targetActivityIds: [approveInvoiceV2] }
 *   versions:
 *     3:
 *       instructions: [ ... ]           # version 3 only, after those above
 *     4: { skip: true }                 # never migrated by the sweep
 *
 * An instruction replaces the generated one of the same source activity; the others are added.
 */
import * as z from 'zod';
import type { VariableValueDto } from '../engine/migration.js';
import { byPosition, formatPath, InputError, type InputProblem } from '../input/problems.js';
import type { PlacesAccess } from '../input/place-loader.js';
import { parseStructured } from '../input/structured.js';
import { type MigrationInstruction, variableValueSchema } from './schema.js';

const oneActivity = z.array(z.string().min(1)).length(1, 'must hold exactly one activity id (the engine reads only the first)');

const instructionSchema = z.strictObject({
  sourceActivityIds: oneActivity,
  targetActivityIds: oneActivity,
  updateEventTrigger: z.boolean().optional(),
});

const sectionFields = {
  instructions: z.array(instructionSchema).optional(),
  variables: z.record(z.string(), variableValueSchema).optional(),
};

const versionSchema = z.strictObject({ ...sectionFields, skip: z.boolean().optional() });

const overridesSchema = z.strictObject({
  ...sectionFields,
  versions: z.record(z.string(), versionSchema).optional(),
});

export type SweepOverrides = z.infer<typeof overridesSchema>;

const INSTRUCTION_KEYS = ['sourceActivityIds', 'targetActivityIds', 'updateEventTrigger'];

function allowedKeys(path: readonly (string | number)[]): string[] {
  if (path.length === 0) return ['instructions', 'variables', 'versions'];
  const last = path[path.length - 1];
  if (typeof last === 'number' && path[path.length - 2] === 'instructions') return INSTRUCTION_KEYS;
  if (path[0] === 'versions' && path.length === 2) return ['instructions', 'variables', 'skip'];
  if (path[path.length - 2] === 'variables') return ['value', 'type', 'valueInfo'];
  return [];
}

/**
 * Reads and checks an overrides file: the shape strictly, version numbers, each source activity
 * mapped once per list. Every problem is reported at once, each with file:line:col.
 */
export function parseOverrides(text: string, file: string, places: PlacesAccess): SweepOverrides {
  const parsedText = parseStructured(text, file, 'overrides file', { allowed: allowedKeys, places });
  const parsed = overridesSchema.safeParse(parsedText.data, { reportInput: true });
  const problems: InputProblem[] = parsed.success ? [] : parsedText.issues(parsed.error);
  // The checks below read the file as written, so that a problem of its shape hides none of theirs.
  const data = asObject(parsedText.data);
  const lists: [(string | number)[], unknown][] = [[['instructions'], data?.instructions]];
  for (const [version, section] of Object.entries(asObject(data?.versions) ?? {})) {
    if (!/^[1-9]\d*$/.test(version)) {
      problems.push(parsedText.at(['versions', version], 'not a version number (sections are keyed by the version, e.g. 3:)', 'key'));
    }
    lists.push([['versions', version, 'instructions'], asObject(section)?.instructions]);
  }
  for (const [path, instructions] of lists) {
    if (!Array.isArray(instructions)) continue;
    const first = new Map<string, number>();
    instructions.forEach((instruction: unknown, index) => {
      const source = (asObject(instruction)?.sourceActivityIds as unknown[] | undefined)?.[0];
      if (typeof source !== 'string') return;
      const earlier = first.get(source);
      if (earlier === undefined) first.set(source, index);
      else
        problems.push(
          parsedText.at(
            [...path, index],
            `activity '${source}' is already mapped by ${formatPath([...path, earlier])}; each source activity can be mapped once`,
          ),
        );
    });
  }
  if (!parsed.success || problems.length > 0) throw new InputError(byPosition(problems));
  return parsed.data;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The version numbers an overrides file names that are not among `versions`. */
export function unknownVersions(overrides: SweepOverrides, versions: readonly number[]): number[] {
  return Object.keys(overrides.versions ?? {})
    .map(Number)
    .filter((version) => !versions.includes(version));
}

export interface OverriddenPlan {
  instructions: MigrationInstruction[];
  variables: Record<string, VariableValueDto> | undefined;
  skip: boolean;
  /** Instructions the file added or replaced. */
  overridden: number;
}

/**
 * The generated instructions with the file's on top: those for every version, then the version's own.
 * One of the same source activity replaces the generated one in its place; the others are appended.
 */
export function applyOverrides(generated: readonly MigrationInstruction[], overrides: SweepOverrides | undefined, version: number): OverriddenPlan {
  const section = overrides?.versions?.[String(version)];
  const instructions = [...generated];
  let overridden = 0;
  for (const instruction of [...(overrides?.instructions ?? []), ...(section?.instructions ?? [])]) {
    const source = instruction.sourceActivityIds[0];
    const index = instructions.findIndex((candidate) => candidate.sourceActivityIds[0] === source);
    if (index >= 0) instructions[index] = instruction;
    else instructions.push(instruction);
    overridden++;
  }
  const variables = overrides?.variables || section?.variables ? { ...overrides?.variables, ...section?.variables } : undefined;
  return { instructions, variables, skip: section?.skip === true, overridden };
}

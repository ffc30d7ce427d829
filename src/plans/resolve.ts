/**
 * Turns a loaded plan into the engine's request: resolves `source`/`target` references and checks
 * that they agree with the ids the plan also holds (drift: the plan was generated for other versions).
 */
import type { MigrationPlanRequest } from '../engine/migration.js';
import type { ProcessDefinitionApi } from '../engine/process-definitions.js';
import { PlanError, type LoadedPlan } from './load.js';
import { UsageError } from '../exit-codes.js';
import { type DefinitionReference, parseReference, resolveReference, type ResolvedDefinition } from './references.js';

export interface ResolvedPlan {
  source: ResolvedDefinition;
  target: ResolvedDefinition;
  /** The unwrapped MigrationPlanDto, as /migration/validate takes it and execute nests it. */
  request: MigrationPlanRequest;
}

export async function resolvePlan(loaded: LoadedPlan, definitions: ProcessDefinitionApi, tenant: string | undefined): Promise<ResolvedPlan> {
  const side = async (name: 'source' | 'target'): Promise<ResolvedDefinition> => {
    const referenceText = loaded.plan[name];
    const idField = `${name}ProcessDefinitionId` as const;
    const id = loaded.plan[idField];
    // A place in the plan may load the yaml library (LoadedPlan.locate): worked out only for a message.
    const where = async (field: string) => `${loaded.file}:${formatPosition(await loaded.locate([field]))}: ${field}`;
    const field = referenceText ? name : idField;
    const reference = await parsePlaced(referenceText ?? id ?? '', () => where(field));
    const resolved = await resolveReference(definitions, reference, { tenant, where: () => where(field), pinnedId: referenceText ? id : undefined });
    if (referenceText && id && resolved.id !== id) {
      const position = await loaded.locate([idField]);
      throw new PlanError([
        {
          file: loaded.file,
          line: position.line,
          column: position.column,
          path: idField,
          message: `drift: ${name} '${referenceText}' resolves to ${resolved.id}, but ${idField} is ${id}; regenerate the plan or remove one of the two`,
        },
      ]);
    }
    return resolved;
  };

  const source = await side('source');
  const target = await side('target');
  const { plan } = loaded;
  return {
    source,
    target,
    request: {
      sourceProcessDefinitionId: source.id,
      targetProcessDefinitionId: target.id,
      instructions: plan.instructions,
      ...(plan.variables ? { variables: plan.variables } : {}),
    },
  };
}

/**
 * parseReference with its refusal placed by `where`, asked only when it refuses: parseReference is a
 * function of its text, so it is asked again with the place, and refuses as it would have with it.
 */
async function parsePlaced(text: string, where: () => Promise<string>): Promise<DefinitionReference> {
  try {
    return parseReference(text);
  } catch (thrown) {
    if (!(thrown instanceof UsageError)) throw thrown;
    return parseReference(text, await where());
  }
}

function formatPosition(position: { line: number; column: number }): string {
  return `${position.line}:${position.column}`;
}

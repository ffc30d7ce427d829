/**
 * A deployment's files checked offline, before anything is sent: each model well-formed XML, with
 * the history time-to-live of `history ttl check` (src/model-files/history-ttl.ts), each definition
 * with an id the engine takes as its key, no key twice in the deployment, and what the models take
 * from their own deployment (./references.ts) in it. Forms are read for their ids.
 */
import { checkModelFiles, type ModelCheckReport } from '../model-files/check.js';
import { historyTtlProblems } from '../model-files/history-ttl.js';
import { modelKindOf } from '../model-files/kinds.js';
import type { ModelProblem } from '../model-files/problems.js';
import type { ModelResource } from '../model-files/resource.js';
import { type DeploymentContents, type ModelReference, referenceProblems, referenceVisitor } from './references.js';
import { readResource, type ResourceFile } from './resources.js';

export interface DeploymentCheckOptions {
  /** The engine has a global default time-to-live, or does not enforce one. */
  allowMissingTtl: boolean;
}

/** xsd:ID, which the engine's schema validation holds the id attribute to: an XML name without ':'. */
const NC_START =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
// eslint-disable-next-line no-misleading-character-class -- XML's name characters include joiners and combining marks, one by one
const NC_NAME = new RegExp(`^[${NC_START}][${NC_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040]*$`, 'u');

function idProblems(resource: ModelResource): ModelProblem[] {
  const problems: ModelProblem[] = [];
  for (const definition of resource.definitions) {
    if (!definition.executable) continue;
    const problem = (message: string): ModelProblem => ({
      file: resource.file,
      line: definition.line,
      column: definition.column,
      severity: 'error',
      check: 'definition-id',
      element: definition.element,
      id: definition.id,
      message,
    });
    if (definition.id === null || definition.id === '') problems.push(problem(`a ${definition.element} without an id: its id is the definition's key`));
    else if (!NC_NAME.test(definition.id))
      problems.push(
        problem(`${definition.element} '${definition.id}': the id is not a valid XML id (a letter or _ first; letters, digits, _ - . after; no spaces or ':')`),
      );
  }
  return problems;
}

export async function checkDeploymentFiles(files: readonly ResourceFile[], options: DeploymentCheckOptions): Promise<ModelCheckReport> {
  const references: ModelReference[] = [];
  const contents: DeploymentContents = {
    keys: { process: new Set(), case: new Set(), decision: new Set() },
    formIds: new Set(),
    resourceNames: new Set(files.map((file) => file.name)),
  };
  const firstOfKey = new Map<string, { file: string; line: number }>();
  const duplicates: ModelProblem[] = [];
  const models = files.filter((file) => modelKindOf(file.name) !== undefined);
  const report = await checkModelFiles(
    models.map((file) => file.path),
    [
      { problems: (resource) => historyTtlProblems(resource, { allowMissing: options.allowMissingTtl }) },
      { problems: idProblems, visitor: (file) => referenceVisitor(file, references) },
    ],
    (resource) => {
      for (const definition of resource.definitions) {
        if (!definition.executable || definition.id === null) continue;
        contents.keys[definition.element].add(definition.id);
        const key = `${definition.element}:${definition.id}`;
        const first = firstOfKey.get(key);
        if (first === undefined) firstOfKey.set(key, { file: resource.file, line: definition.line });
        else
          duplicates.push({
            file: resource.file,
            line: definition.line,
            column: definition.column,
            severity: 'error',
            check: 'duplicate-key',
            element: definition.element,
            id: definition.id,
            message: `${definition.element} '${definition.id}' is in ${first.file}:${first.line} too: the engine refuses a deployment with two definitions of the same key`,
          });
      }
    },
  );
  for (const file of files.filter((candidate) => candidate.name.endsWith('.form'))) {
    const id = formId(await readResource(file));
    if (id !== undefined) contents.formIds.add(id);
  }
  report.problems.push(...duplicates, ...referenceProblems(references, contents));
  report.problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  return report;
}

/** A Camunda Form's id (the JSON's top-level "id"), if the file is one. */
function formId(bytes: Buffer): string | undefined {
  try {
    const form = JSON.parse(bytes.toString('utf8')) as unknown;
    return typeof form === 'object' && form !== null && typeof (form as { id?: unknown }).id === 'string' ? (form as { id: string }).id : undefined;
  } catch {
    return undefined;
  }
}

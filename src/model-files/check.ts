/**
 * Model files checked offline: the files of the paths given, each read and scanned once, every check
 * run on what the scan found, and the problems, file by file and by place. Used by `history ttl
 * check` (the time-to-live check alone) and meant for deployment's offline check (the same check
 * beside its own). Memory is one file's text at a time and the problems found.
 */
import type { DefinitionElement } from './kinds.js';
import { modelFiles, readModelBytes, type ModelFile } from './files.js';
import type { ModelProblem } from './problems.js';
import { readModelResource, type ModelResource, type ScanVisitor } from './resource.js';
import { decodeModelText } from './text.js';

export interface ModelCheck {
  /** What it finds in a file that was read and scanned (not called for a file that is not well-formed XML). */
  problems(resource: ModelResource): ModelProblem[];
  /** A check that needs more than the definitions sees each start tag of the file while it is scanned. */
  visitor?(file: ModelFile): ScanVisitor | undefined;
}

export interface ModelCheckReport {
  /** Model files read. */
  files: number;
  /** The definitions the engine would create, by element; non-executable processes in `skipped`. */
  definitions: Record<DefinitionElement, number>;
  /** Processes without isExecutable="true": the engine does not deploy them, so they were not checked. */
  skipped: number;
  problems: ModelProblem[];
}

export async function checkModelFiles(
  paths: readonly string[],
  checks: readonly ModelCheck[],
  onResource?: (resource: ModelResource) => void,
): Promise<ModelCheckReport> {
  const report: ModelCheckReport = { files: 0, definitions: { process: 0, decision: 0, case: 0 }, skipped: 0, problems: [] };
  for await (const file of modelFiles(paths)) {
    report.files++;
    const decoded = decodeModelText(await readModelBytes(file.path));
    if ('problem' in decoded) {
      report.problems.push(fileProblem(file.path, { line: 1, column: 1 }, decoded.problem));
      continue;
    }
    const visitors = checks.flatMap((check) => check.visitor?.(file) ?? []);
    const resource = readModelResource(file.path, file.kind, decoded.text, visitors);
    onResource?.(resource);
    if (resource.syntaxError) {
      report.problems.push(fileProblem(file.path, resource.syntaxError, `not well-formed XML: ${resource.syntaxError.message}`));
      continue;
    }
    for (const definition of resource.definitions) {
      if (definition.executable) report.definitions[definition.element]++;
      else report.skipped++;
    }
    const found = checks.flatMap((check) => check.problems(resource));
    report.problems.push(...found.sort((a, b) => a.line - b.line || a.column - b.column));
  }
  return report;
}

function fileProblem(file: string, at: { line: number; column: number }, message: string): ModelProblem {
  return { file, line: at.line, column: at.column, severity: 'error', check: 'xml', element: null, id: null, message };
}

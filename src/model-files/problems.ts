/**
 * What a check of model files finds: one problem, with its file, line and column. `-o json|yaml`
 * prints the list of these as it is (docs/history.md "Checking files before deploying" documents the
 * shape): keep the field names.
 */
import type { DefinitionElement } from './kinds.js';

export interface ModelProblem {
  file: string;
  line: number;
  column: number;
  /** An error makes the engine refuse the deployment (exit 3); a warning may, depending on the engine. */
  severity: 'error' | 'warning';
  /** What kind of problem: `xml` (not well-formed, or not readable as text), `history-ttl-missing`, `history-ttl-invalid`, `history-ttl-namespace`, … */
  check: string;
  /** The definition it is about; null for the file as a whole. */
  element: DefinitionElement | null;
  id: string | null;
  message: string;
}

export function formatModelProblem(problem: ModelProblem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.severity === 'warning' ? 'warning: ' : ''}${problem.message}`;
}

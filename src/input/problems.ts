/**
 * The one problem type of every input file (plans, queries, variables, overrides, access, id and
 * config files): where it is and what is wrong, written `FILE:LINE:COLUMN: path: message`.
 */
import { UsageError } from '../exit-codes.js';

export interface InputProblem {
  file: string;
  line: number;
  column: number;
  /** JSON path, e.g. `instructions[1].updateEventTriggers`; '' for the whole document. */
  path: string;
  message: string;
}

export function formatProblem(problem: InputProblem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.path ? `${problem.path}: ` : ''}${problem.message}`;
}

/** Problems shown at most; the rest are counted. */
const SHOWN_PROBLEMS = 20;

/** Exit 2 (a usage error) with every problem, one line each. */
export class InputError extends UsageError {
  constructor(readonly problems: InputProblem[]) {
    const shown = problems.slice(0, SHOWN_PROBLEMS).map(formatProblem);
    if (problems.length > SHOWN_PROBLEMS) shown.push(`… and ${problems.length - SHOWN_PROBLEMS} more problems`);
    super(shown.join('\n'));
    this.name = 'InputError';
  }
}

export function byPosition<Problem extends InputProblem>(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
}

/** `instructions[1].sourceActivityIds`, `groups["sales-team"]`: a path as the messages write it. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][\w$]*$/.test(segment)) text += text ? `.${segment}` : segment;
    else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text;
}

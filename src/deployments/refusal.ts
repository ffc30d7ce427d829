/**
 * The engine's refusal of a deployment's models: a 400 ParseException whose `details` hold, per
 * resource, the errors (and warnings) with line and column (ParseExceptionDto, 7.19+). Each becomes
 * one line FILE:LINE:COLUMN: message, the file being the one sent as that resource, as the offline
 * check words its problems. Anything else is left as it is.
 */
import { EngineHttpError } from '../engine/errors.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { visibleControls } from '../util/text.js';
import type { ResourceFile } from './resources.js';

interface ReportedProblem {
  message?: unknown;
  line?: unknown;
  column?: unknown;
}

export interface RefusedProblem {
  file: string;
  line: number | null;
  column: number | null;
  severity: 'error' | 'warning';
  message: string;
}

/** The engine's message up to its first line break: ENGINE-12018 repeats its advice on the lines after. */
function firstLine(message: string): string {
  const line = message.split('\n')[0] ?? '';
  return visibleControls(line.replace(/:\s*$/, '').trim());
}

export function refusedProblems(details: unknown, resources: readonly ResourceFile[]): RefusedProblem[] {
  if (typeof details !== 'object' || details === null) return [];
  const pathOf = new Map(resources.map((file) => [file.name, file.path]));
  const problems: RefusedProblem[] = [];
  for (const [resource, report] of Object.entries(details as Record<string, { errors?: unknown; warnings?: unknown }>)) {
    for (const severity of ['error', 'warning'] as const) {
      const list = report?.[severity === 'error' ? 'errors' : 'warnings'];
      if (!Array.isArray(list)) continue;
      for (const item of list as ReportedProblem[]) {
        const line = typeof item.line === 'number' && item.line > 0 ? item.line : null;
        const column = typeof item.column === 'number' && item.column > 0 ? item.column : null;
        problems.push({ file: pathOf.get(resource) ?? resource, line, column, severity, message: firstLine(String(item.message ?? '')) });
      }
    }
  }
  return problems;
}

export function formatRefusedProblem(problem: RefusedProblem): string {
  const place = problem.line === null ? '' : `:${problem.line}${problem.column === null ? '' : `:${problem.column}`}`;
  return `${problem.file}${place}: ${problem.severity === 'warning' ? 'warning: ' : ''}${problem.message}`;
}

/** The refusal as one error (exit 6, rejected by the engine) with a line per problem, or undefined when the error is another. */
export function engineRefusal(error: unknown, resources: readonly ResourceFile[]): CliError | undefined {
  if (!(error instanceof EngineHttpError) || error.body?.type !== 'ParseException') return undefined;
  const problems = refusedProblems(error.body.details, resources).filter((problem) => problem.severity === 'error');
  if (problems.length === 0) return undefined;
  const count = problems.length === 1 ? 'a problem' : `${problems.length} problems`;
  return new CliError(`the engine refused the deployment: ${count} in its models\n${problems.map(formatRefusedProblem).join('\n')}`, ExitCode.EngineRejected);
}

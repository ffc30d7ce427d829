/** The problems of model files, as `history ttl check` (and deployment's offline check) print them: one line each, FILE:LINE:COLUMN: message. */
import type { ModelCheckReport } from '../model-files/check.js';
import { formatModelProblem, type ModelProblem } from '../model-files/problems.js';
import type { View } from './output.js';

export const modelProblemsView: View<ModelProblem[]> = {
  table: (problems, style) =>
    problems
      .map((problem) => {
        const line = formatModelProblem(problem);
        return problem.severity === 'warning' ? style.yellow(line) : line;
      })
      .join('\n'),
};

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : noun.endsWith('s') ? 'es' : 's'}`;
}

/** The line on stderr after the problems: what was checked and what was found. */
export function modelCheckSummary(report: ModelCheckReport): string {
  const errors = report.problems.filter((problem) => problem.severity === 'error');
  const warnings = report.problems.length - errors.length;
  const { process, decision, case: cases } = report.definitions;
  const checked = [counted(process, 'executable process'), counted(decision, 'decision'), ...(cases > 0 ? [counted(cases, 'case')] : [])].join(', ');
  const skipped = report.skipped > 0 ? `; ${counted(report.skipped, 'process')} not executable, not checked` : '';
  const files = new Set(errors.map((problem) => problem.file)).size;
  const found =
    errors.length === 0
      ? 'no problem'
      : `${counted(errors.length, 'problem')} in ${files === report.files ? counted(files, 'file') : `${files} of ${report.files} files`}`;
  return `${counted(report.files, 'file')} checked (${checked}${skipped}): ${found}${warnings > 0 ? `, ${counted(warnings, 'warning')}` : ''}`;
}

/** What to do about definitions without a time-to-live, said once after their problems. */
export function missingTtlHint(problems: readonly ModelProblem[]): string | undefined {
  if (!problems.some((problem) => problem.check === 'history-ttl-missing')) return undefined;
  return 'add camunda:historyTimeToLive="180" (days, or "P180D") to each; for an engine with a global default historyTimeToLive or without enforcement, --allow-missing';
}

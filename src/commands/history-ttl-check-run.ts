/** `history ttl check`: the model files checked offline, the problems printed, exit 3 when there are any. */
import type { App } from '../app.js';
import { ExitCode } from '../exit-codes.js';
import { checkModelFiles } from '../model-files/check.js';
import { historyTtlProblems } from '../model-files/history-ttl.js';
import { missingTtlHint, modelCheckSummary, modelProblemsView } from '../render/model-problems.js';
import type { FlagsOf } from './spec.js';
import type { TTL_CHECK_FLAGS } from './history-ttl-check-flags.js';

export async function checkTtlFiles(app: App, paths: string[], flags: FlagsOf<typeof TTL_CHECK_FLAGS>): Promise<void> {
  const options = { allowMissing: Boolean(flags.allowMissing) };
  const report = await checkModelFiles(paths, [{ problems: (resource) => historyTtlProblems(resource, options) }]);
  const output = await app.output();
  // On a terminal a clean run prints nothing on stdout; json and yaml print the list, [] when empty.
  if (output.machineReadable || report.problems.length > 0) await output.data(report.problems, modelProblemsView);
  output.info(modelCheckSummary(report));
  const hint = missingTtlHint(report.problems);
  if (hint !== undefined) output.info(hint);
  if (report.problems.some((problem) => problem.severity === 'error')) app.exitCode = ExitCode.ValidationFailed;
}

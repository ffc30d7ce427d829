/** `history ttl check FILE...`: model files checked offline for a history time-to-live (docs/history.md "Checking files before deploying"). Runs: ./history-ttl-check-run.ts. */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import { TTL_CHECK_FLAGS } from './history-ttl-check-flags.js';
import { declareFlags } from './spec.js';
import type * as actions from './history-actions.js';

export function declareTtlCheck(ttl: Command, action: ActionOf<typeof actions>): void {
  declareFlags(ttl.command('check'), TTL_CHECK_FLAGS)
    .description('check BPMN, DMN and CMMN files offline: a history time-to-live on every executable process, decision and case')
    .argument('<file...>', 'model files (.bpmn, .bpmn20.xml, .dmn, .dmn11.xml, .cmmn, .cmmn10.xml, .cmmn11.xml) or directories')
    .addHelpText(
      'after',
      `
Since 7.20 an engine refuses to deploy a process, decision or case without a historyTimeToLive
(ENGINE-12018), unless it has a global default or enforcement is turned off; a value it cannot
parse it refuses always. This check finds both before the deployment, without an engine: each
problem on a line of its own, FILE:LINE:COLUMN: what is wrong. Directories are searched for model
files (names beginning with '.' are skipped). A file that is not well-formed XML is a problem too.

The engine takes camunda:historyTimeToLive="180" (days) or "P180D"; Operaton also reads
operaton:historyTimeToLive, Camunda 7 and CIB seven the old activiti: namespace in BPMN. A value
only some products read is a warning (it does not change the exit code).

-o json|yaml print the list of problems: {file, line, column, severity (error|warning), check
(history-ttl-missing|history-ttl-invalid|history-ttl-namespace|xml), element
(process|decision|case|null), id, message}; [] when there are none.

Examples:
  $ camunda-admin history ttl check src/main/resources
  $ camunda-admin history ttl check invoice.bpmn decisions/*.dmn -o json

${exitCodesHelp([
  [ExitCode.Success, 'no problem (warnings do not count)'],
  [ExitCode.Usage, 'a path that cannot be read, is not a model file, or a directory without one'],
  [ExitCode.ValidationFailed, 'problems found'],
])}`,
    )
    .action(action('checkTtlFiles'));
}

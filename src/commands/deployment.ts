/** `deployment`: deploy files as one deployment, list, show and delete deployments (docs/deployments.md). What runs: ./deployment-actions.ts. */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import type * as actions from './deployment-actions.js';
import { DEPLOYMENT_CREATE_FLAGS, DEPLOYMENT_DELETE_FLAGS, DEPLOYMENT_LIST_FLAGS } from './deployment-flags.js';
import { declareFlags } from './spec.js';

export function declareDeploymentCommands(program: Command, action: ActionOf<typeof actions>): void {
  const deployment = program.command('deployment').description('deploy BPMN, DMN, forms and other files; list, show and delete deployments');

  declareFlags(deployment.command('create'), DEPLOYMENT_CREATE_FLAGS)
    .description('deploy files and directories as one deployment, checked offline first')
    .argument('<path...>', 'files (any kind: .bpmn, .dmn, .cmmn, .form, scripts...) or directories')
    .addHelpText(
      'after',
      `
Every file named, and every file below a directory named (names beginning with '.' skipped), is one
resource of the deployment; a directory's files are named by their path inside it
(forms/approve.form), as a build tool names the files of its resources folder.

Before anything is sent the models are checked offline, as history ttl check checks them: well-formed
XML, a history time-to-live on every executable process, decision and case (since 7.20 the engine
refuses a model without one, unless it has a default: --allow-missing), ids the engine takes as
keys, no key twice, and what a model takes from its own deployment (binding="deployment" of a call
activity, business rule task or form, camunda-forms:deployment:FILE) among the files. A problem
stops the run with FILE:LINE:COLUMN lines and exit 3; the engine's own refusal of a model is
printed the same way (exit 6).

With --name and --changed-only (or --filter-duplicates) the engine compares the files with the
latest deployment of that name (and source and tenant): deploying the same directory twice
deploys once; the second run says "nothing changed".

The table shows the deployment and each definition it created, with its new version; -o json
prints the engine's answer unchanged.

Examples:
  $ camunda-admin deployment create src/main/resources --name invoice --changed-only
  $ camunda-admin deployment create invoice.bpmn forms/ --name invoice --source ci -o json
  $ camunda-admin deployment create processes/ --dry-run

${exitCodesHelp([
  [ExitCode.Success, 'deployed, or nothing changed'],
  [ExitCode.Usage, 'a path that cannot be read'],
  [ExitCode.ValidationFailed, 'the offline check found problems: nothing was sent'],
  ExitCode.AuthRefused,
  [ExitCode.EngineRejected, 'the engine refused the deployment'],
  ExitCode.Unreachable,
])}`,
    )
    .action(action('createDeployment'));

  declareFlags(deployment.command('list').description('list deployments, newest last'), DEPLOYMENT_LIST_FLAGS)
    .addHelpText(
      'after',
      '\nExamples:\n  $ camunda-admin deployment list --name invoice\n  $ camunda-admin deployment list --sort-order desc --max 5   # the newest five\n  $ camunda-admin deployment list --all -o json',
    )
    .action(action('listDeployments'));

  deployment
    .command('get')
    .description('show a deployment and its resources')
    .argument('<id>', 'deployment id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin deployment get 5f1c3a9e-8e0b-11ee-b9d1-0242ac120002')
    .action(action('getDeployment'));

  declareFlags(deployment.command('delete'), DEPLOYMENT_DELETE_FLAGS)
    .description('delete a deployment (with --cascade its running instances too, after a confirmation naming how many)')
    .argument('<id>', 'deployment id')
    .addHelpText(
      'after',
      `
Without --cascade the engine refuses to delete a deployment whose definitions have running process
instances. --cascade counts them first and asks, naming the count (--yes in a pipeline; off a
terminal without --yes nothing is deleted).

Examples:
  $ camunda-admin deployment delete 5f1c3a9e-8e0b-11ee-b9d1-0242ac120002
  $ camunda-admin deployment delete 5f1c3a9e-8e0b-11ee-b9d1-0242ac120002 --cascade --yes

${exitCodesHelp([ExitCode.Success, ExitCode.NotFound, [ExitCode.EngineRejected, 'the engine refused: running instances without --cascade'], [ExitCode.Usage, 'not confirmed off a terminal']])}`,
    )
    .action(action('deleteDeployment'));
}

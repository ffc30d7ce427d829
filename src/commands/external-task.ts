/** `external-task`: external tasks whose workers gave up (docs/operations.md). What runs: ./external-task-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './external-task-actions.js';
import { declareExternalTaskRetryCommand } from './job-retry.js';

export function declareExternalTaskCommands(program: Command, action: ActionOf<typeof actions>): void {
  const externalTask = program.command('external-task').description('external tasks: retry those whose workers gave up');
  declareExternalTaskRetryCommand(externalTask, action);
}

/**
 * `job`: failed jobs (docs/operations-retry.md). Only `job retry` on this branch; `job list` and
 * `job execute` are declared beside it when the branches meet. What runs: ./job-actions.ts.
 */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './job-actions.js';
import { declareJobRetryCommand } from './job-retry.js';

export function declareJobCommands(program: Command, action: ActionOf<typeof actions>): void {
  const job = program.command('job').description('jobs: retry failed ones');
  declareJobRetryCommand(job, action);
}

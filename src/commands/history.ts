/** `history` (docs/history.md): the clean-up of the history. What runs: ./history-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './history-actions.js';
import { declareTtlListAndSet } from './history-ttl.js';

export function declareHistoryCommands(program: Command, action: ActionOf<typeof actions>): void {
  const history = program.command('history').description('history clean-up: time-to-live, cleanable, removal times, the clean-up job');
  const ttl = history.command('ttl').description('the history time-to-live of process and decision definitions');
  declareTtlListAndSet(ttl, action);
}

/** `history`: history clean-up: time-to-live, cleanable, removal times, the clean-up job (docs/history.md). What runs: ./history-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './history-actions.js';
import { declareRemovalTime } from './history-removal-time.js';

export function declareHistoryCommands(program: Command, action: ActionOf<typeof actions>): void {
  const history = program.command('history').description('history clean-up: time-to-live, cleanable, removal times, the clean-up job');
  declareRemovalTime(history, action); // helper removal: ./history-removal-time.ts
}

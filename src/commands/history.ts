/** `history`: the clean-up of history: time-to-live, cleanable, removal times, the clean-up job (docs/history.md). What runs: ./history-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './history-actions.js';
import { declareCleanable } from './history-cleanable.js';
import { declareCleanup } from './history-cleanup.js';
import { declareRemovalTime } from './history-removal-time.js';
import { declareTtlCheck } from './history-ttl-check.js';
import { declareTtlListAndSet } from './history-ttl.js';

export function declareHistoryCommands(program: Command, action: ActionOf<typeof actions>): void {
  const history = program.command('history').description('history clean-up: time-to-live, cleanable, removal times, the clean-up job');
  const ttl = history.command('ttl').description('the history time-to-live of definitions, and of model files before they are deployed');
  declareTtlListAndSet(ttl, action);
  declareTtlCheck(ttl, action);
  declareCleanable(history, action);
  declareRemovalTime(history, action);
  declareCleanup(history, action);
}

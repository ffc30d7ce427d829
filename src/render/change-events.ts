/**
 * The events of a change run (src/change/events.ts) as the lines an operator reads on stderr. The
 * words are the operation's (src/change/operation.ts ChangeWords: `migrated`, `instances`, `on the
 * target`), given by the command's host: a migration's MIGRATION_WORDS today, the bulk operations' next.
 */
import { chunkName } from '../change/chunks.js';
import type { ChangeEvent } from '../change/events.js';
import type { ChangeWords } from '../change/operation.js';
import { MIGRATION_WORDS } from '../migration/operation.js';

export type { ChangeWords };
export { MIGRATION_WORDS };

export interface EventLine {
  /** info: progress (--quiet hides it); warn: something to know; detail: lines that explain an error to come. */
  level: 'info' | 'warn' | 'detail';
  text: string;
}

/** At most 50 ids, then how many more. */
function listIds(ids: readonly string[]): string {
  if (ids.length === 0) return '-';
  return ids.length <= 50 ? ids.join(', ') : `${ids.slice(0, 50).join(', ')}, … (${ids.length - 50} more; --report FILE lists them all)`;
}

export function describeChangeEvent(event: ChangeEvent, words: ChangeWords = MIGRATION_WORDS): EventLine[] {
  const count = (n: number) => `${n} ${n === 1 ? words.one : words.many}`;
  const info = (text: string): EventLine[] => [{ level: 'info', text }];
  const warn = (text: string): EventLine[] => [{ level: 'warn', text }];
  switch (event.type) {
    case 'selection-resolved':
      return info(`${count(event.count)}: ${event.scope}`);
    case 'nothing-selected':
      return info(`nothing to ${words.verb}: no running ${words.many} of ${event.where} match (${event.parts.join(', ')}); nothing was sent`);
    case 'already-changed':
      if (event.all)
        return info(
          `nothing to ${words.verb}: the ${event.count} selected ${event.count === 1 ? `${words.one} is` : `${words.many} are`} ${words.changed} already (${event.scope}); nothing was sent`,
        );
      return info(
        `${event.count} selected ${event.count === 1 ? `${words.one} is` : `${words.many} are`} not running on ${event.where} but ${words.changed} already (${event.scope}): not sent again`,
      );
    case 'already-done':
      return info(`already done (journal ${event.journal}): nothing to do`);
    case 'resumed':
      return info(
        `resuming ${event.journal}: ${event.confirmed} of ${event.total} ${words.many} confirmed ${words.done}, ${event.settled} more no longer ${words.unchanged}, ${event.pending} to go: ${event.scope}`,
      );
    case 'nothing-left':
      return info(`nothing left to ${words.verb}`);
    case 'chunk-done':
      return info(`${chunkName(event.chunk)}: ${words.done} ${count(event.count)}`);
    case 'chunk-recovered':
      return warn(
        `${chunkName(event.chunk)}: the answer did not say whether it was ${words.done} (${event.reason}), but the engine has its ${event.count} ${words.many} ${words.changed}: ${words.done}`,
      );
    case 'chunk-overlap':
      if (event.elsewhere === 0) return warn(`${chunkName(event.chunk)}: ${event.reason}; sending it again`);
      return warn(
        `${chunkName(event.chunk)}: ${event.elsewhere} of its ${event.count} ${words.many} were moved by another run meanwhile (${event.reason})${event.resent > 0 ? `; sending the ${event.resent} still ${words.unchanged} again` : ''}`,
      );
    case 'stopping':
      return warn(`interrupted: finishing the chunk in flight, then stopping${event.offerAbandon ? ' (Ctrl-C again to abandon it)' : ''}`);
    case 'canary-sent':
      return info(
        `canary (chunk 1/${event.total}): ${words.done} ${count(event.count)}; checking whether ${event.count === 1 ? 'it is' : 'they are'} ${words.canaryCheck ?? `${words.changed}, with no new incident or failed job`}`,
      );
    case 'canary-failed-earlier':
      return warn(`the canary of journal ${event.journal} failed (${event.problem ?? 'see the journal'}); --resume goes on with the rest`);
    case 'canary-check-resumed':
      return info(`checking the canary of journal ${event.journal}: ${count(event.count)} ${words.changed}`);
    case 'changed-by-another':
      return info(
        `${event.count} ${event.count === 1 ? `${words.one} was` : `${words.many} were`} already ${words.changed}, moved there by another run, not by this one`,
      );
    case 'outcome-lists':
      return [
        { level: 'detail', text: `${words.done} (${event.done.length}): ${listIds(event.done)}` },
        ...(event.elsewhere.length > 0
          ? [{ level: 'detail' as const, text: `already ${words.changed}, not moved by this run (${event.elsewhere.length}): ${listIds(event.elsewhere)}` }]
          : []),
        { level: 'detail', text: `not ${words.done} (${event.notDone.length}): ${listIds(event.notDone)}` },
      ];
    case 'batch-created': {
      const jobs = `${event.jobs} job${event.jobs === 1 ? '' : 's'} of ${event.perJob} ${event.perJob === 1 ? words.one : words.many}`;
      const chunk = event.chunk ? `${chunkName(event.chunk)}: ` : '';
      const created = event.found ? 'found (created before, its answer lost)' : 'created';
      return info(
        `${chunk}batch ${event.batchId} ${created}: ${count(event.count)} in ${jobs}${event.followed ? '' : `; follow it with: camunda-admin batch watch ${event.batchId}`}`,
      );
    }
    case 'report-written':
      return info(`report written to ${event.file}`);
    case 'report-not-written':
      return warn(`${words.run} ran (outcome on stdout), but the report was not written: ${event.reason}`);
  }
}

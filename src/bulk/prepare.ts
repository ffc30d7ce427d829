/**
 * The first steps of a bulk run, nothing sent: the selection frozen and previewed (or what a resumed
 * journal still has to do), and for --async the batch permission checked.
 */
import { inputError } from '../change/errors.js';
import type { JournalState } from '../change/journal.js';
import type { ChangeMode } from '../change/run-types.js';
import type { EngineClient } from '../engine/client.js';
import type { IdList } from '../input/id-set.js';
import { checkBatchPermission } from './authorization.js';
import type { ObjectKind } from './object-kind.js';
import type { BulkOperation } from './operation.js';
import { previewOf } from './preview.js';
import type { BulkHost, BulkRunRequest } from './run-types.js';
import { type BulkSelectionRequest, freezeSelection } from './selection.js';

/** What a bulk run's journal records beside its ids: the operation (a resume with another is refused) and the kind of object. */
export interface BulkScope {
  operation: string;
  objects: string;
  /** What the change is beyond its name (the variables set, the delete options): a resume with others is refused. */
  parameters?: Record<string, unknown> | undefined;
}

/** What the steps of a bulk run share. */
export interface BulkContext<R, O extends string, D extends object> {
  client: EngineClient;
  host: BulkHost;
  kind: ObjectKind<R>;
  operation: BulkOperation<R, O, D>;
  request: BulkRunRequest;
  resumed: JournalState<BulkScope> | undefined;
  user: string | undefined;
  mode: ChangeMode;
}

export interface PreparedBulk {
  ids: IdList;
  nothingSelected: boolean;
  /** Selected objects the operation's goal holds for already: not sent (none on a resume). */
  alreadyChanged: number;
}

export async function prepareBulk<R, O extends string, D extends object>(
  context: BulkContext<R, O, D>,
  selection: BulkSelectionRequest,
): Promise<PreparedBulk> {
  const { host, kind, operation, resumed, request } = context;
  const { words } = operation;
  if (resumed) {
    operation.resumeScope?.(resumed.start as unknown as Record<string, unknown>);
    const unconfirmed = resumed.start.ids.filter((id) => !resumed.confirmed.has(id));
    // Objects changed by a chunk whose answer was lost, or ended since, are not sent again.
    const states = await operation.statesOf(unconfirmed);
    const pending = states.filter((found) => found.state === 'unchanged').map((found) => found.id);
    host.emit({
      type: 'resumed',
      journal: request.journalFile,
      confirmed: resumed.confirmed.size,
      total: resumed.start.ids.length,
      settled: unconfirmed.length - pending.length,
      pending: pending.length,
      scope: `${operation.name} ${kind.many}`,
    });
    return { ids: pending, nothingSelected: false, alreadyChanged: 0 };
  }
  await operation.journalScope?.();
  const frozen = await freezeSelection(kind, selection, (row) => operation.pending(row));
  // Ids given of process instances for a kind of their objects (jobs): the instances are what was not found.
  const givenMany = kind.givenIds ? `process instances with ${kind.many}` : kind.many;
  if (frozen.notSelected.length > 0) host.emitBulk({ type: 'not-selected', ids: frozen.notSelected, many: givenMany, because: kind.absentBecause });
  if (frozen.alreadyChanged > 0) host.emitBulk({ type: 'already-changed', count: frozen.alreadyChanged, one: kind.one, many: kind.many, state: words.changed });
  if (frozen.ids.length === 0) {
    // Ids listed one by one of which the engine has none: a mistake upstream, not "done".
    if (selection.idsGiven && frozen.alreadyChanged === 0) {
      throw inputError(
        kind.givenIds
          ? `none of the ${selection.ids.size} process instances given (${selection.parts.join(', ')}) has a ${kind.one} the engine has${selection.query ? ' and the filters match' : ''}: nothing to ${words.verb}, nothing was sent`
          : `none of the ${selection.ids.size} ids given (${selection.parts.join(', ')}) is a ${kind.one} the engine has${selection.query ? ' and the filters match' : ''}: nothing to ${words.verb}, nothing was sent`,
      );
    }
    // Objects all changed already were said so above.
    if (frozen.alreadyChanged === 0) host.emitBulk({ type: 'nothing-selected', verb: words.verb, many: kind.many, parts: selection.parts });
    return { ids: frozen.ids, nothingSelected: true, alreadyChanged: frozen.alreadyChanged };
  }
  host.showPreview(await previewOf(kind, frozen));
  await operation.checkSelection?.();
  if (request.async && !request.dryRun) await checkBatchPermission(context.client, operation.batchPermission);
  return { ids: frozen.ids, nothingSelected: false, alreadyChanged: frozen.alreadyChanged };
}

/**
 * A bulk command as a use case: the selection read (ids, an id file, a query file, the command's
 * filters), the journal checked and locked, then the change pipeline (src/change/pipeline.ts): the ids
 * frozen and previewed (./prepare.ts), the dry run or the confirmation naming the count, the run
 * (src/change/run.ts: sync, chunked with a journal, or a batch; a canary first when asked), the
 * outcome of every object, the report, and --annotation. Terminal-free: the command passes the
 * environment and the host (src/commands/bulk-host.ts).
 */
import { inputError } from '../change/errors.js';
import { checkJournalEngine, Journal, type JournalEngine, type JournalState } from '../change/journal.js';
import { JournalLock } from '../change/journal-lock.js';
import { changePipeline, requestRanges } from '../change/pipeline.js';
import { checkReportFile } from '../change/report-file.js';
import { type ChangeResult, checkOutcomes } from '../change/result.js';
import type { ChangeMode } from '../change/run-types.js';
import type { EngineClient } from '../engine/client.js';
import { LOOKUP_PAGE } from '../engine/selection-pages.js';
import { readInstanceIds } from '../input/id-file.js';
import { InstanceIdSet } from '../input/id-set.js';
import { readInputFile } from '../input/read.js';
import { carryOutBulk, withAlreadyChanged } from './carry-out.js';
import type { BulkRequest } from './operation.js';
import type { QueryBody } from './object-kind.js';
import { type BulkContext, type BulkScope, type PreparedBulk, prepareBulk } from './prepare.js';
import { writeBulkReport } from './report.js';
import type { BulkEnvironment, BulkOutcome, BulkRunRequest, BulkSpec, DryRunShape } from './run-types.js';

/** One run per journal: the lock is taken before the journal is read or started, and held until the outcome is returned. */
export async function runBulk<R, O extends string, D extends object>(
  env: BulkEnvironment,
  spec: BulkSpec<R, O, D>,
  request: BulkRunRequest,
): Promise<BulkOutcome<O, D>> {
  if (request.dryRun || (request.chunkSize === undefined && !request.resume)) return runSelected(env, spec, request);
  if (request.resume) await Journal.checkResumable(request.journalFile);
  else await Journal.checkNew(request.journalFile, { replace: request.force });
  const lock = await JournalLock.acquire(request.journalFile, {
    takeOver: request.takeOverLock,
    notice: (message) => env.warn(message),
    takeOverCommand: request.takeOverCommand,
  });
  try {
    return await runSelected(env, spec, request);
  } finally {
    await lock.release();
  }
}

async function runSelected<R, O extends string, D extends object>(
  env: BulkEnvironment,
  spec: BulkSpec<R, O, D>,
  request: BulkRunRequest,
): Promise<BulkOutcome<O, D>> {
  const { chunkSize, journalFile, force, selection } = request;
  // Files written during or after the run are checked now, while a refusal still means nothing was sent.
  if (request.report) await checkReportFile(request.report, force);
  if (chunkSize !== undefined && !request.resume && !request.dryRun) await Journal.checkNew(journalFile, { replace: force });

  // The selection's files are read before the first request.
  const ids = new InstanceIdSet();
  const parts: string[] = [];
  if (selection.instances !== undefined) {
    for (const id of selection.instances) ids.add(id);
    parts.push(`${selection.instances.length} from --instances`);
  }
  if (selection.instancesFile !== undefined) {
    const count = await readInstanceIds(selection.instancesFile, env.stdin, ids);
    parts.push(`${count} from --instances-file`);
  }
  const queryText = selection.queryFile === undefined ? undefined : await readInputFile(selection.queryFile, env.stdin, 'query');
  const idsGiven = selection.instances !== undefined || selection.instancesFile !== undefined;
  // A resume reads its journal's ids and asks a few big questions (the check lists a definition's
  // instances in one page): node:http, which loads in a few milliseconds where undici's first answer
  // costs about 70 ms more CPU, with the heap bounded for the page (docs/performance.md, "Selecting and checking").
  const client = await env.client({ bulk: ids.size > LOOKUP_PAGE || chunkSize !== undefined });
  if (request.resume) (await import('../util/heap.js')).boundHeapForBulkWork();
  const kind = spec.kind(client);
  const operation = spec.operation(client);
  let query: QueryBody | undefined;
  if (queryText) {
    query = kind.parseQuery(queryText.text, queryText.name);
    parts.push(`--query ${selection.queryFile}`);
  }
  const filters = await spec.filters(client);
  if (filters) {
    query = { ...query, ...filters.query };
    parts.push(...filters.parts);
  }
  if (!request.resume) {
    if (idsGiven && ids.size === 0) throw inputError(`the selection (${parts.join(', ')}) holds no id: nothing to ${operation.words.verb}, nothing was sent`);
    if (!idsGiven && query === undefined) {
      throw inputError(`no ${kind.many} selected: give --instances, --instances-file, --query or a filter (see ${spec.command} --help); nothing was sent`);
    }
  }

  // A journal's ids mean something on the engine it was written against only.
  const journalling = request.resume || (chunkSize !== undefined && !request.dryRun);
  const engine = journalling ? await env.engine() : undefined;
  const resumed = request.resume ? await resumedJournal(journalFile, engine!, operation) : undefined;
  const host = await env.host(client);
  const mode = modeOf(request, resumed, engine);
  const context = { client, host, kind, operation, request, resumed, user: env.user, mode };
  return changePipeline<PreparedBulk, BulkOutcome<O, D>>(
    host,
    {
      prepare: () => prepareBulk(context, { ids, idsGiven, query, parts }),
      nothingSelected: async (prepared) => ({ kind: 'nothing-selected', result: await nothingSent(context, prepared), batch: undefined, failure: undefined }),
      dryRun: (prepared) => dryRunOf(client, operation, prepared, request, resumed),
      question: (prepared) => questionOf(prepared, operation.words.verb, kind, request.async !== undefined, mode),
      run: async (prepared) => ({ kind: 'run', ...(await carryOutBulk(context, prepared)) }),
    },
    { dryRun: request.dryRun },
  );
}

/**
 * A selection that found nothing to do (all done already, or none matched): unless a dry run, the
 * outcome with zero counts, and the --report file as a run that changed something would write it.
 */
async function nothingSent<R, O extends string, D extends object>(
  context: BulkContext<R, O, D>,
  prepared: PreparedBulk,
): Promise<ChangeResult<O, D> | undefined> {
  const { request, operation, client, host } = context;
  if (request.dryRun) return undefined;
  const checked = await checkOutcomes(operation, { mode: context.mode.kind, ids: [], startedAt: new Date() }, () => client.system.version());
  const result = withAlreadyChanged(operation, checked, prepared.alreadyChanged);
  if (request.report) {
    await writeBulkReport(request.report, operation, result);
    host.emit({ type: 'report-written', file: request.report });
  }
  return result;
}

async function resumedJournal(
  file: string,
  engine: JournalEngine,
  operation: { name: string; parameters?: Record<string, unknown> | undefined },
): Promise<JournalState<BulkScope>> {
  const { journal, state } = await Journal.resume<BulkScope>(file);
  await journal.close();
  checkJournalEngine(file, state.start.engine, engine);
  if (state.start.operation !== operation.name) {
    throw inputError(`journal ${file} is of ${state.start.operation ? `a ${state.start.operation} run` : 'another kind of run'}, not of ${operation.name}`);
  }
  const recorded = JSON.stringify(state.start.parameters ?? null);
  if (recorded !== JSON.stringify(operation.parameters ?? null)) {
    throw inputError(`journal ${file} was written for other parameters of ${operation.name}: ${recorded}; give the same (or start a new journal)`);
  }
  return state;
}

function modeOf(request: BulkRunRequest, resumed: JournalState | undefined, engine: JournalEngine | undefined): ChangeMode {
  // A journal of one batch per chunk goes on with batches (--resume --async), any other without.
  const ofBatches = (resumed?.start as { batches?: unknown } | undefined)?.batches === true;
  if (resumed && ofBatches && !request.async) {
    throw inputError(`journal ${request.journalFile} is of a run of batches (--async --chunk-size): continue it with --resume --async [--wait]`);
  }
  if (resumed && !ofBatches && request.async) {
    throw inputError(`journal ${request.journalFile} is of a run of synchronous chunks: continue it with --resume, without --async`);
  }
  if (request.async) {
    if (request.chunkSize === undefined && resumed === undefined) return { kind: 'async', ...request.async };
    return {
      kind: 'async',
      ...request.async,
      chunkSize: request.chunkSize ?? resumed!.start.chunkSize,
      journal: { file: request.journalFile, replace: request.force, engine: engine! },
    };
  }
  if (request.chunkSize !== undefined || resumed !== undefined) {
    return {
      kind: 'chunked',
      chunkSize: request.chunkSize ?? resumed!.start.chunkSize,
      journalFile: request.journalFile,
      replaceJournal: request.force,
      engine: engine!,
    };
  }
  return { kind: 'sync' };
}

/** `suspend 3 process instances` (`as a batch`, `as 3 batches of at most 1000`). */
function questionOf(prepared: PreparedBulk, verb: string, kind: { one: string; many: string }, async: boolean, mode: ChangeMode): string {
  const count = prepared.ids.length;
  const chunkSize = mode.kind === 'async' ? mode.chunkSize : undefined;
  const batches = chunkSize === undefined ? 1 : Math.ceil(count / chunkSize);
  const how = !async ? '' : batches > 1 ? ` as ${batches} batches of at most ${chunkSize}` : ' as a batch';
  return `${verb} ${count} ${count === 1 ? kind.one : kind.many}${how}`;
}

/** The requests a run would send: the canary's, then one per chunk, or one for the rest (a batch with --async). */
function dryRunOf<O extends string, D extends object>(
  client: EngineClient,
  operation: BulkSpecOperation<O, D>,
  prepared: PreparedBulk,
  request: BulkRunRequest,
  resumed: JournalState | undefined,
): BulkOutcome<O, D> {
  const { ids } = prepared;
  const chunkSize = request.chunkSize ?? resumed?.start.chunkSize;
  const canary = request.canary !== undefined && resumed?.canary === undefined ? Math.min(request.canary, ids.length) : 0;
  const url = (path: string) => client.http.url({ encoded: path, root: false });
  let sends = 0;
  const shapes = new Map<string, DryRunShape>();
  const requests = requestRanges(ids.length, { chunkSize, canary }).flatMap(([start, end]) => {
    const slice = ids.slice(start, end);
    const sent = request.async && !(canary > 0 && start === 0) ? operation.batchRequest(slice) : operation.chunkRequest(slice);
    const kinds = requestKinds(sent, slice);
    sends += kinds.sends;
    for (const kind of kinds.shapes)
      shapes.set(`${kind.method} ${kind.path} ${kind.perObject}`, { method: kind.method, url: url(kind.path), perObject: kind.perObject });
    return (Array.isArray(sent) ? sent : [sent]).map((one) => ({ ...one, url: url(one.path) }));
  });
  return {
    kind: 'dry-run',
    requests,
    sends,
    shapes: [...shapes.values()],
    count: ids.length,
    chunkSize,
    canary: canary > 0 ? canary : undefined,
    async: request.async !== undefined,
  };
}

/**
 * What a chunk's requests are: one request per object (one for each id, or one with `{id}` standing
 * for each: `PUT /job/{id}/retries`) counts once for every object and is told as one URL with `{id}`;
 * otherwise each request counts once.
 */
function requestKinds(
  sent: BulkRequest | BulkRequest[],
  ids: readonly string[],
): { sends: number; shapes: { method: BulkRequest['method']; path: string; perObject: boolean }[] } {
  if (!Array.isArray(sent)) {
    const perObject = sent.path.includes('{id}');
    return { sends: perObject ? ids.length : 1, shapes: [{ method: sent.method, path: sent.path, perObject }] };
  }
  const first = sent[0];
  const id = ids[0] === undefined ? undefined : encodeURIComponent(ids[0]);
  if (
    first &&
    id &&
    sent.length === ids.length &&
    sent.every((one, index) => one.method === first.method && one.path.includes(encodeURIComponent(ids[index]!)))
  ) {
    return { sends: sent.length, shapes: [{ method: first.method, path: first.path.replace(id, '{id}'), perObject: true }] };
  }
  return { sends: sent.length, shapes: sent.map((one) => ({ method: one.method, path: one.path, perObject: false })) };
}

type BulkSpecOperation<O extends string, D extends object> = ReturnType<BulkSpec<never, O, D>['operation']>;

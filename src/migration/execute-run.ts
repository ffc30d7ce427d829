/**
 * `migration execute` as a use case: a typed request in (the plan file, the selection, how to run),
 * the outcome out. It reads the plan and the selection's files, builds the selection (ids, queries,
 * their labels), checks and locks the journal, resolves the plan, and runs the pipeline
 * (./pipeline.ts). What it needs of the command is the RunEnvironment: the engine, standard input,
 * and the host of the pipeline. Terminal-free.
 */
import type { Readable } from 'node:stream';
import { inputError } from '../change/errors.js';
import { checkJournalEngine, Journal, type JournalEngine } from '../change/journal.js';
import { JournalLock } from '../change/journal-lock.js';
import type { EngineClient } from '../engine/client.js';
import { enginePath } from '../engine/paths.js';
import { parsePlan, parseQueryFile } from '../plans/load.js';
import { formatProblem } from '../input/problems.js';
import { withPlaces } from '../input/place-loader.js';
import { readInputFile } from '../input/read.js';
import { resolvePlan } from '../plans/resolve.js';
import { migrate } from './pipeline.js';
import { checkReportFile } from '../change/report-file.js';
import type { MigrationHost, MigrationOutcome, RunMode, SelectionToRun } from './run-types.js';
import type { MigrationJournalState, MigrationScope } from './journal-scope.js';
import { LOOKUP_PAGE } from '../engine/selection-pages.js';
import { readInstanceIds } from '../input/id-file.js';
import { InstanceIdSet } from '../input/id-set.js';

/** What a migration run needs of the command that starts it. */
export interface RunEnvironment {
  stdin: Readable;
  /** The engine client; `bulk` for runs of many requests (undici's kind of work). */
  client(options: { bulk: boolean }): Promise<EngineClient>;
  /** The engine this run talks to, as a journal records it. */
  engine(): Promise<JournalEngine>;
  host(client: EngineClient): Promise<MigrationHost>;
  /** A warning on stderr (a plan's warnings, a lock taken over). */
  warn(message: string): void;
}

export interface ExecuteRequest {
  planFile: string;
  selection: {
    /** --instances, as given: comma-separated ids. */
    instances: string[] | undefined;
    /** --instances-file */
    instancesFile: string | undefined;
    /** --query */
    queryFile: string | undefined;
    allInstances: boolean;
  };
  tenant: string | undefined;
  skipCustomListeners: boolean | undefined;
  skipIoMappings: boolean | undefined;
  skipValidation: boolean;
  dryRun: boolean;
  async: { wait: boolean; intervalMs: number; waitTimeoutMs: number | undefined } | undefined;
  chunkSize: number | undefined;
  canary: number | undefined;
  /** --canary-wait, in milliseconds. */
  canaryWaitMs?: number | undefined;
  /** --allow-pending-batch */
  allowPendingBatch?: boolean | undefined;
  /** --journal, or <plan>.journal.jsonl */
  journalFile: string;
  resume: boolean;
  report: string | undefined;
  force: boolean;
  takeOverLock: boolean;
  /** The command that takes the lock over, for the refusal's hint. */
  takeOverCommand: string;
}

/** The outcome, and the URLs a dry run names. */
export type ExecuteOutcome = MigrationOutcome & { urls: { execute: string; executeAsync: string } };

/**
 * One run per journal: the lock is taken before the journal is read or started, and held until the
 * outcome is returned, on every way out (Ctrl-C and SIGTERM end the run through here too).
 */
export async function executePlan(env: RunEnvironment, request: ExecuteRequest): Promise<ExecuteOutcome> {
  if (request.dryRun || (request.chunkSize === undefined && !request.resume)) return executeWithJournal(env, request);
  if (request.resume) await Journal.checkResumable(request.journalFile);
  else await Journal.checkNew(request.journalFile, { replace: request.force });
  const lock = await JournalLock.acquire(request.journalFile, {
    takeOver: request.takeOverLock,
    notice: (message) => env.warn(message),
    takeOverCommand: request.takeOverCommand,
  });
  try {
    return await executeWithJournal(env, request);
  } finally {
    await lock.release();
  }
}

async function executeWithJournal(env: RunEnvironment, request: ExecuteRequest): Promise<ExecuteOutcome> {
  const { chunkSize, journalFile, force } = request;
  // Files written during or after the run are checked now, while a refusal still means nothing was sent.
  if (request.report) await checkReportFile(request.report, force);
  if (chunkSize !== undefined && !request.resume && !request.dryRun) await Journal.checkNew(journalFile, { replace: force });

  const { name, text } = await readInputFile(request.planFile, env.stdin);
  const loaded = await withPlaces((places) => parsePlan(text, name, places));
  for (const warning of loaded.warnings) env.warn(formatProblem(warning));

  // The selection flags are read and checked before the first request.
  // Ids are collected in one set: duplicates go, order stays, and a million ids stay bytes.
  const { selection } = request;
  const explicitIds = new InstanceIdSet();
  const addIds = (ids: Iterable<string>) => {
    for (const id of ids) explicitIds.add(id);
  };
  const parts: string[] = [];
  if (selection.instances !== undefined) {
    addIds(selection.instances);
    parts.push(`${selection.instances.length} from --instances`);
  }
  if (selection.instancesFile) {
    const count = await readInstanceIds(selection.instancesFile, env.stdin, explicitIds);
    parts.push(`${count} from --instances-file`);
  }
  if (loaded.plan.processInstanceIds) {
    addIds(loaded.plan.processInstanceIds);
    parts.push(`${loaded.plan.processInstanceIds.length} from the plan's processInstanceIds`);
  }
  const queries: { label: string; query: Record<string, unknown> }[] = [];
  if (selection.queryFile) {
    const file = await readInputFile(selection.queryFile, env.stdin, 'query');
    queries.push({ label: `--query ${selection.queryFile}`, query: await withPlaces((places) => parseQueryFile(file.text, file.name, places)) });
  }
  if (loaded.plan.processInstanceQuery) queries.push({ label: "the plan's processInstanceQuery", query: loaded.plan.processInstanceQuery });
  const resuming = request.resume;
  // Ids given one by one are a list someone made: an empty one is a mistake upstream, not "done".
  const idsGiven = selection.instances !== undefined || selection.instancesFile !== undefined || loaded.plan.processInstanceIds !== undefined;
  if (!resuming && explicitIds.size === 0 && queries.length === 0 && !selection.allInstances) {
    if (idsGiven) throw inputError(`the selection (${parts.join(', ')}) holds no process instance id: nothing to migrate, nothing was sent`);
    throw inputError('no instances selected: give --instances, --instances-file, --query or --all-instances (or processInstanceIds in the plan)');
  }

  // Ids beyond one lookup request, or a chunked run, make many requests: undici's kind of work.
  const client = await env.client({ bulk: explicitIds.size > LOOKUP_PAGE || chunkSize !== undefined || resuming });
  // A journal's ids mean something on the engine it was written against only: it records which one,
  // and a resume on another (a clone has the same definition ids) is refused before anything else.
  const journalling = resuming || (chunkSize !== undefined && !request.dryRun);
  const engine = journalling ? await env.engine() : undefined;
  let resumedState: MigrationJournalState | undefined;
  if (resuming) {
    const { journal, state } = await Journal.resume<MigrationScope>(journalFile);
    await journal.close();
    checkJournalEngine(journalFile, state.start.engine, engine!);
    resumedState = state;
  }
  const resolved = await resolvePlan(loaded, client.processDefinitions, request.tenant);
  if (selection.allInstances) queries.push({ label: '--all-instances', query: { processDefinitionId: resolved.source.id } });
  parts.push(...queries.map((query) => query.label));

  const toRun: SelectionToRun = resumedState
    ? { kind: 'resume', journalFile, state: resumedState }
    : { kind: 'select', request: { ids: explicitIds, queries, parts }, idsGiven };
  const mode: RunMode = request.async
    ? { kind: 'async', ...request.async }
    : chunkSize !== undefined || resumedState !== undefined
      ? { kind: 'chunked', chunkSize: chunkSize ?? resumedState!.start.chunkSize, journalFile, replaceJournal: force, engine: engine! }
      : { kind: 'sync' };
  const host = await env.host(client);
  const outcome = await migrate(host, { name, loaded, resolved }, toRun, {
    skipValidation: request.skipValidation,
    canaryWaitMs: request.canaryWaitMs,
    allowPendingBatch: request.allowPendingBatch,
    skipCustomListeners: request.skipCustomListeners,
    skipIoMappings: request.skipIoMappings,
    dryRun: request.dryRun,
    mode,
    report: request.report,
    canary: request.canary,
  });
  return { ...outcome, urls: { execute: client.http.url(enginePath`/migration/execute`), executeAsync: client.http.url(enginePath`/migration/executeAsync`) } };
}

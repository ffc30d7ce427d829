/**
 * `migration execute`: flags and files read and checked, the plan resolved, then the pipeline of
 * src/migration/pipeline.ts (pre-flight, selection, confirmation, the run, the report), and its outcome
 * printed. `migration sweep` runs the same pipeline for every old version.
 */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { parseSeconds } from '../config/values.js';
import type { EngineClient } from '../engine/client.js';
import { enginePath } from '../engine/http.js';
import { commandLine } from '../exit.js';
import { UsageError } from '../exit-codes.js';
import { writeExecutionRequests, writeExecutionRequestsYaml } from '../migration/dry-run.js';
import { checkJournalEngine, Journal, type JournalState } from '../migration/journal.js';
import { JournalLock } from '../migration/journal-lock.js';
import { migrate, type MigrationOutcome, type RunMode, type SelectionToRun } from '../migration/pipeline.js';
import { checkReportFile } from '../migration/report.js';
import { InstanceIdSet, LOOKUP_PAGE, readInstanceIds } from '../migration/selection.js';
import { formatProblem, parsePlan, parseQueryFile, readInputFile } from '../plans/load.js';
import { resolvePlan } from '../plans/resolve.js';
import { executionView, summarize } from '../render/execution.js';
import { currentEngine, migrationHost } from './migration-host.js';
import { commaList } from './options.js';

interface ExecuteOptions {
  instances?: string;
  instancesFile?: string;
  query?: string;
  allInstances?: boolean;
  tenant?: string;
  skipCustomListeners?: boolean;
  skipIoMappings?: boolean;
  skipValidation?: boolean;
  dryRun?: boolean;
  async?: boolean;
  wait?: boolean;
  waitTimeout?: string;
  interval?: string;
  chunkSize?: string;
  journal?: string;
  resume?: boolean;
  report?: string;
  force?: boolean;
  takeOverLock?: boolean;
  canary?: string;
}

function positiveInteger(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1) throw new UsageError(`${flag}: '${text}' is not a whole number of at least 1`);
  return Number(text);
}

function checkFlagCombinations(options: ExecuteOptions): void {
  if (options.async && (options.chunkSize || options.resume)) throw new UsageError('--async cannot be combined with --chunk-size or --resume: a batch is already split into jobs');
  if (options.wait && !options.async) throw new UsageError('--wait needs --async');
  if ((options.waitTimeout || options.interval) && !options.wait) throw new UsageError('--wait-timeout and --interval need --wait');
  if (options.report && options.async && !options.wait) {
    throw new UsageError('--report with --async needs --wait: without it the command ends when the batch is created, before there is an outcome to report');
  }
  if (options.journal && !options.chunkSize && !options.resume) throw new UsageError('--journal needs --chunk-size (or --resume)');
  if (options.takeOverLock && !options.chunkSize && !options.resume) throw new UsageError('--take-over-lock takes over the lock of a journal: it needs --resume or --chunk-size');
  if (options.force && !options.report && !options.chunkSize) throw new UsageError('--force replaces an existing --report file or journal: it needs --report or --chunk-size');
  if (options.instancesFile === '-' && options.query === '-') throw new UsageError('--instances-file and --query cannot both read standard input');
  if (options.resume) {
    const given = [
      ['--instances', options.instances],
      ['--instances-file', options.instancesFile],
      ['--query', options.query],
      ['--all-instances', options.allInstances],
    ].filter(([, value]) => value !== undefined && value !== false).map(([flag]) => flag);
    if (given.length > 0) throw new UsageError(`--resume continues the selection its journal holds; leave out ${given.join(', ')}`);
  }
}

export async function executeMigration(app: App, planFile: string, options: ExecuteOptions): Promise<void> {
  checkFlagCombinations(options);
  app.refuseStdinClash({ '<plan>': planFile, '--instances-file': options.instancesFile, '--query': options.query });
  const chunkSize = positiveInteger(options.chunkSize, '--chunk-size');
  const canary = positiveInteger(options.canary, '--canary');
  const waitTimeoutMs = options.waitTimeout === undefined ? undefined : parseSeconds(options.waitTimeout, '--wait-timeout') * 1000;
  const intervalMs = options.interval === undefined ? 2000 : parseSeconds(options.interval, '--interval') * 1000;
  if (planFile === '-' && (options.instancesFile === '-' || options.query === '-')) {
    throw new UsageError('the plan and the selection cannot both come from standard input');
  }
  if (planFile === '-' && (chunkSize || options.resume) && !options.journal) {
    throw new UsageError('a chunked run of a plan from standard input needs --journal FILE');
  }
  // Files written during or after the run are checked now, while a refusal still means nothing was sent.
  const journalFile = options.journal ?? `${planFile}.journal.jsonl`;
  // One run per journal: the lock is taken before the journal is read or started, and held until the
  // outcome is reported, on every way out (Ctrl-C and SIGTERM end the run through here too).
  if (options.dryRun || (chunkSize === undefined && !options.resume)) {
    await executeWithJournal(app, planFile, options, { chunkSize, canary, waitTimeoutMs, intervalMs, journalFile });
    return;
  }
  if (options.resume) await Journal.checkResumable(journalFile);
  else await Journal.checkNew(journalFile, { replace: Boolean(options.force) });
  const output = await app.output();
  const takeOverCommand = options.resume
    ? commandLine(['camunda-admin', 'migration', 'execute', planFile, '--resume', ...(options.journal ? ['--journal', options.journal] : []), '--take-over-lock'])
    : 'the same command with --take-over-lock';
  const lock = await JournalLock.acquire(journalFile, { takeOver: Boolean(options.takeOverLock), notice: (message) => output.warn(message), takeOverCommand });
  try {
    await executeWithJournal(app, planFile, options, { chunkSize, canary, waitTimeoutMs, intervalMs, journalFile });
  } finally {
    await lock.release();
  }
}

async function executeWithJournal(
  app: App,
  planFile: string,
  options: ExecuteOptions,
  settings: { chunkSize: number | undefined; canary: number | undefined; waitTimeoutMs: number | undefined; intervalMs: number; journalFile: string },
): Promise<void> {
  const { chunkSize, canary, waitTimeoutMs, intervalMs, journalFile } = settings;
  const force = Boolean(options.force);
  if (options.report) {
    await checkReportFile(options.report, force);
  }
  if (chunkSize !== undefined && !options.resume && !options.dryRun) {
    await Journal.checkNew(journalFile, { replace: force });
  }

  const output = await app.output();
  const { name, text } = await readInputFile(planFile, app.io.stdin);
  const loaded = parsePlan(text, name);
  for (const warning of loaded.warnings) output.warn(formatProblem(warning));

  // The selection flags are read and checked before the first request.
  // Ids are collected in one set: duplicates go, order stays, and a million ids stay bytes.
  const explicitIds = new InstanceIdSet();
  const addIds = (ids: Iterable<string>) => {
    for (const id of ids) explicitIds.add(id);
  };
  const parts: string[] = [];
  if (options.instances !== undefined) {
    if (options.instances.trim() === '') throw new UsageError('--instances: no process instance id given (an empty list selects nothing); nothing was sent');
    const ids = commaList(options.instances, '--instances');
    addIds(ids);
    parts.push(`${ids.length} from --instances`);
  }
  if (options.instancesFile) {
    const count = await readInstanceIds(options.instancesFile, app.io.stdin, explicitIds);
    parts.push(`${count} from --instances-file`);
  }
  if (loaded.plan.processInstanceIds) {
    addIds(loaded.plan.processInstanceIds);
    parts.push(`${loaded.plan.processInstanceIds.length} from the plan's processInstanceIds`);
  }
  const queries: { label: string; query: Record<string, unknown> }[] = [];
  if (options.query) {
    const file = await readInputFile(options.query, app.io.stdin, 'query');
    queries.push({ label: `--query ${options.query}`, query: parseQueryFile(file.text, file.name) });
  }
  if (loaded.plan.processInstanceQuery) queries.push({ label: "the plan's processInstanceQuery", query: loaded.plan.processInstanceQuery });
  const resuming = Boolean(options.resume);
  // Ids given one by one are a list someone made: an empty one is a mistake upstream, not "done".
  const idsGiven = options.instances !== undefined || options.instancesFile !== undefined || loaded.plan.processInstanceIds !== undefined;
  if (!resuming && explicitIds.size === 0 && queries.length === 0 && !options.allInstances) {
    if (idsGiven) throw new UsageError(`the selection (${parts.join(', ')}) holds no process instance id: nothing to migrate, nothing was sent`);
    throw new UsageError('no instances selected: give --instances, --instances-file, --query or --all-instances (or processInstanceIds in the plan)');
  }

  // Ids beyond one lookup request, or a chunked run, make many requests: undici's kind of work. (A
  // query that counts many instances makes the rest bulk work itself: resolveSelection.)
  const client = await engineClient(app, { bulk: explicitIds.size > LOOKUP_PAGE || chunkSize !== undefined || resuming });
  // A journal's ids mean something on the engine it was written against only: it records which one,
  // and a resume on another (a clone has the same definition ids) is refused before anything else.
  const journalling = resuming || (chunkSize !== undefined && !options.dryRun);
  const engine = journalling ? await currentEngine(app) : undefined;
  let resumedState: JournalState | undefined;
  if (resuming) {
    const { journal, state } = await Journal.resume(journalFile);
    await journal.close();
    checkJournalEngine(journalFile, state.start.engine, engine!);
    resumedState = state;
  }
  const resolved = await resolvePlan(loaded, client.processDefinitions, options.tenant);
  if (options.allInstances) {
    queries.push({ label: '--all-instances', query: { processDefinitionId: resolved.source.id } });
  }
  parts.push(...queries.map((query) => query.label));

  const selection: SelectionToRun = resumedState
    ? { kind: 'resume', journalFile, state: resumedState }
    : { kind: 'select', request: { ids: explicitIds, queries, parts }, idsGiven };
  const runChunked = chunkSize !== undefined || resumedState !== undefined;
  const mode: RunMode = options.async
    ? { kind: 'async', wait: Boolean(options.wait), intervalMs, waitTimeoutMs }
    : runChunked
      ? { kind: 'chunked', chunkSize: chunkSize ?? resumedState!.start.chunkSize, journalFile, replaceJournal: force, engine: engine! }
      : { kind: 'sync' };
  const host = await migrationHost(app, client);
  const outcome = await migrate(host, { name, loaded, resolved }, selection, {
    skipValidation: Boolean(options.skipValidation),
    skipCustomListeners: options.skipCustomListeners,
    skipIoMappings: options.skipIoMappings,
    dryRun: Boolean(options.dryRun),
    mode,
    report: options.report,
    canary,
  });
  if (outcome.kind === 'dry-run') {
    await printDryRun(app, client, outcome);
    return;
  }
  if (outcome.kind === 'nothing-to-migrate' && !outcome.result) return;
  if (outcome.batch) {
    if (output.machineReadable) await output.data(outcome.batch, { table: () => '' });
    else output.raw(`${outcome.batch.id}\n`);
  }
  if (outcome.result) await output.data(summarize(outcome.result), executionView);
  if (outcome.failure) throw outcome.failure;
}

/** The request bodies of a dry run on stdout: JSON as sent, or YAML with -o yaml. */
async function printDryRun(app: App, client: EngineClient, dryRun: Extract<MigrationOutcome, { kind: 'dry-run' }>): Promise<void> {
  const output = await app.output();
  const url = client.http.url(dryRun.async ? enginePath`/migration/executeAsync` : enginePath`/migration/execute`);
  // JSON is the request as sent, also in table output; -o yaml asks for the same bodies as YAML.
  const writeRequests = output.format === 'yaml' ? writeExecutionRequestsYaml : writeExecutionRequests;
  if (dryRun.chunkSize === undefined && dryRun.canary === undefined) {
    await writeRequests(app.io.stdout, dryRun.template, dryRun.idLists, false);
    output.info(`dry run: would POST ${url} for ${dryRun.ids} instances; nothing was sent`);
    return;
  }
  await writeRequests(app.io.stdout, dryRun.template, dryRun.idLists, true);
  if (dryRun.canary !== undefined) {
    // The canary is always a sync execute, also before a batch.
    const rest = dryRun.idLists.length - 1;
    const then = rest === 0 ? '' : `, then ${dryRun.async ? `POST ${url}` : rest === 1 ? 'once more' : `${rest} more times (chunks of ${dryRun.chunkSize})`} for the other ${dryRun.ids - dryRun.canary}`;
    output.info(`dry run: would POST ${client.http.url(enginePath`/migration/execute`)} for a canary of ${dryRun.canary} instance${dryRun.canary === 1 ? '' : 's'}${then}; nothing was sent`);
    return;
  }
  output.info(`dry run: would POST ${url} ${dryRun.idLists.length} times (chunks of ${dryRun.chunkSize}) for ${dryRun.ids} instances; nothing was sent`);
}

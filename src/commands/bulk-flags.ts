/**
 * The flags every bulk command shares (docs/operations.md): the selection (--instances,
 * --instances-file, --query; the command adds its filters) and the run (--dry-run, --chunk-size,
 * --journal, --resume, --async, --wait, --canary, --report, --annotation, ...), their rules, and the
 * request of src/bulk/run.ts they make. A bulk command declares `[...its filters, ...BULK_FLAGS]`.
 */
import type { BulkRunRequest } from '../bulk/run-types.js';
import { commandLine } from '../exit.js';
import { UsageError } from '../exit-codes.js';
import { commaList } from './options.js';
import { CANARY_WAIT_DEFAULT, checkBatchFlags, parseRunFlags, POLL_INTERVAL_DEFAULT } from './run-flags.js';
import { type FlagsOf, flagSpec } from './spec.js';

/** `instances`: what --instances takes, in the command's words. */
function selectionFlags(instances: string) {
  return flagSpec(
    { flags: '--instances <ids>', description: instances },
    { flags: '--instances-file <file>', description: 'process instance ids, one per line or as a JSON array; - for standard input' },
    { flags: '--query <file>', description: "a query (JSON or YAML, the body of the objects' query endpoint); the filters are added to it" },
  );
}

const BULK_SELECTION_FLAGS = selectionFlags('process instance ids, comma-separated (for jobs and external tasks: those of these instances)');

const BULK_RUN_FLAGS = flagSpec(
  { flags: '--dry-run', description: 'select and preview, then print the requests that would be sent; send nothing' },
  {
    flags: '--chunk-size <n>',
    description: 'send the selection as requests of at most N objects, each a transaction, with a journal (with --async: one batch per chunk)',
  },
  { flags: '--journal <file>', description: 'with --chunk-size or --resume: the journal (default: <family>-<operation>.journal.jsonl)' },
  { flags: '--resume', description: 'continue a chunked run from its journal: nothing is sent twice (a run of batches: with --async)' },
  { flags: '--async', description: 'one engine batch for the selection (with --chunk-size: one per chunk); prints their ids' },
  { flags: '--wait', description: 'with --async: follow the batches until they end, then check every object' },
  { flags: '--wait-timeout <seconds>', description: 'with --wait: stop watching after this long (exit 9; the batch goes on)' },
  { flags: '--interval <seconds>', description: `with --wait: seconds between progress polls ${POLL_INTERVAL_DEFAULT}` },
  { flags: '--canary <n>', description: 'change N objects first (one request), check them, then ask before the rest' },
  {
    flags: '--canary-wait <duration>',
    description: `with --canary: watch the canary this long while its jobs are due (seconds, or 30s, 2m; 0: judge it at once) ${CANARY_WAIT_DEFAULT}`,
  },
  { flags: '--report <file>', description: 'write the outcome of every object (JSON, or CSV for a .csv file); an existing file is refused' },
  { flags: '--annotation <text>', description: "set this annotation on the engine's user operation log entries of the change (a reason, a ticket)" },
  { flags: '--force', description: 'replace an existing --report file, and start over an existing journal' },
  { flags: '--take-over-lock', description: "take over the journal's lock of a run that is no longer running" },
);

export const BULK_FLAGS = [...BULK_SELECTION_FLAGS, ...BULK_RUN_FLAGS] as const;

/** BULK_FLAGS with --instances described in the command's words (`finished process instance ids, ...`). */
export function bulkFlagsTaking(instances: string) {
  return [...selectionFlags(instances), ...BULK_RUN_FLAGS] as const;
}

export type BulkFlags = FlagsOf<typeof BULK_FLAGS>;

/**
 * The flags checked and turned into the run's request. `command`: the words of the command
 * (`['instance', 'suspend']`), for the default journal and the take-over hint; `filtersGiven`: whether
 * the command's own filters select objects (refused with --resume, like the other selection flags).
 */
export function bulkRequest(flags: BulkFlags, command: readonly string[], filtersGiven: boolean): BulkRunRequest {
  checkBatchFlags(flags, { resumeIsChunked: true, ending: 'the command ends when the batch is created', batchPerChunk: true });
  if (flags.journal && !flags.chunkSize && !flags.resume) throw new UsageError('--journal needs --chunk-size (or --resume)');
  if (flags.takeOverLock && !flags.chunkSize && !flags.resume)
    throw new UsageError('--take-over-lock takes over the lock of a journal: it needs --resume or --chunk-size');
  if (flags.force && !flags.report && !flags.chunkSize)
    throw new UsageError('--force replaces an existing --report file or journal: it needs --report or --chunk-size');
  if (flags.instancesFile === '-' && flags.query === '-') throw new UsageError('--instances-file and --query cannot both read standard input');
  if (flags.annotation !== undefined && flags.annotation.trim() === '') throw new UsageError('--annotation: give the text (an empty annotation is none)');
  if (flags.resume) {
    const given = [
      ['--instances', flags.instances],
      ['--instances-file', flags.instancesFile],
      ['--query', flags.query],
    ]
      .filter(([, value]) => value !== undefined)
      .map(([flag]) => flag);
    if (filtersGiven) given.push('the filters');
    if (given.length > 0) throw new UsageError(`--resume continues the selection its journal holds; leave out ${given.join(', ')}`);
  }
  if (flags.instances !== undefined && flags.instances.trim() === '')
    throw new UsageError('--instances: no id given (an empty list selects nothing); nothing was sent');
  const { chunkSize, canary, canaryWaitMs, timeoutMs: waitTimeoutMs, intervalMs } = parseRunFlags(flags);
  const journalFile = flags.journal ?? `${command.join('-')}.journal.jsonl`;
  return {
    selection: {
      instances: flags.instances === undefined ? undefined : commaList(flags.instances, '--instances'),
      instancesFile: flags.instancesFile,
      queryFile: flags.query,
    },
    dryRun: Boolean(flags.dryRun),
    async: flags.async ? { wait: Boolean(flags.wait), intervalMs, waitTimeoutMs } : undefined,
    chunkSize,
    canary,
    canaryWaitMs,
    journalFile,
    resume: Boolean(flags.resume),
    report: flags.report,
    force: Boolean(flags.force),
    takeOverLock: Boolean(flags.takeOverLock),
    takeOverCommand: flags.resume
      ? commandLine(['camunda-admin', ...command, '--resume', ...(flags.journal ? ['--journal', flags.journal] : []), '--take-over-lock'])
      : 'the same command with --take-over-lock',
    annotation: flags.annotation,
  };
}

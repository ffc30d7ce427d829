/**
 * The journal of a chunked change (a migration's first): one JSON object per line, appended and
 * flushed before and after each chunk is sent, so an interruption at any moment leaves a file that says
 * exactly what is known. A torn last line (the process died mid-write) is ignored when the journal is
 * read back. The start event holds the ids as confirmed, and the operation's own scope (a migration's
 * plan and definitions): the journal does not read the scope, the operation checks it on --resume.
 */
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { whyNotCreatable } from '../util/files.js';
import { inputError } from './errors.js';
import { createJournalFile, JournalFile, openForAppending, reopenJournalFile } from './journal-file.js';

/** Which engine a journal was written against: its ids mean something on that engine only. */
export interface JournalEngine {
  /** The REST root, as resolved (no trailing slash). */
  url: string;
  /** The --engine name, or 'default'. */
  name: string;
  /** GET /version. */
  version: string;
}

/** The start event's fields of every change; the operation adds its scope (a migration: its plan and definitions). */
export interface JournalStartBase {
  event: 'start';
  version: 1;
  /** Missing in journals of versions before it was recorded: such a journal is not resumed. */
  engine?: JournalEngine;
  chunkSize: number;
  /** --canary: the instances migrated and checked first (absent: no canary). */
  canary?: number;
  /** The whole selection, as confirmed: a resume never re-evaluates a query. */
  ids: string[];
  at: string;
}

/** The start event of a journal whose operation records `S` beside the ids (its scope; checked by the operation on --resume). */
export type JournalStart<S extends object = object> = JournalStartBase & S;

export type JournalEvent =
  | JournalStartBase
  | { event: 'resume'; at: string; pending: number; alreadyDone: number }
  /** A canary is a chunk of its own: its instances' open incidents before it was sent are recorded with it. */
  | { event: 'sent'; chunk: number; ids: string[]; at: string; canary?: true; incidentsBefore?: string[] }
  /** The check of the canary chunk, once it was done: on the target, and no new incident. */
  | { event: 'canary'; chunk: number; passed: boolean; problems: string[]; at: string }
  /** An async run's batch, created for the chunk sent before it. */
  | { event: 'batch'; chunk: number; batchId: string; at: string }
  | { event: 'done'; chunk: number; at: string }
  | { event: 'failed'; chunk: number; error: string; at: string }
  /** An answer that does not say whether the chunk was migrated (lost, cut off, or not the engine's). */
  | { event: 'unknown'; chunk: number; error: string; at: string }
  | { event: 'abandoned'; chunk: number; at: string }
  /** Of a failed chunk, the instances another run had already moved to the target: not migrated by this journal. */
  | { event: 'elsewhere'; chunk: number; ids: string[]; at: string }
  | { event: 'interrupted'; at: string };

export interface JournalState<S extends object = object> {
  start: JournalStart<S>;
  /** Ids of chunks the engine confirmed (204). */
  confirmed: Set<string>;
  /** Ids another run had moved to the target when this journal's chunk was sent (`elsewhere`). */
  elsewhere: Set<string>;
  /** The highest chunk number used so far; numbers start at 1 (at 0 in journals of earlier versions). */
  lastChunk: number;
  /** The canary chunk, once sent: its ids, the incidents they had before, and the check's verdict once made. */
  canary: { chunk: number; ids: string[]; incidentsBefore: string[]; done: boolean; passed: boolean | undefined; problems: string[] } | undefined;
  /** The batches of an async run, by chunk. */
  batches: Map<number, string>;
  events: JournalEvent[];
}

export class Journal extends JournalFile<JournalEvent> {
  /** The start event of a new journal: the one place it is made, so every run records the same. */
  static startOf<S extends object>(start: { engine: JournalEngine; scope: S; chunkSize: number; canary?: number | undefined; ids: string[] }): JournalStart<S> {
    return {
      event: 'start',
      version: 1,
      engine: start.engine,
      ...start.scope,
      chunkSize: start.chunkSize,
      ...(start.canary === undefined ? {} : { canary: start.canary }),
      ids: start.ids,
      at: new Date().toISOString(),
    };
  }

  /**
   * Refuses a place where no new journal can be started, before anything is sent: an existing
   * journal (that run may still need --resume), a directory, a directory that does not exist or
   * cannot be written. `create` checks again; this only moves the refusal before the confirmation.
   */
  static async checkNew(file: string, options: { replace?: boolean } = {}): Promise<void> {
    const found = await statOrUndefined(file);
    if (found?.isDirectory()) throw inputError(`journal ${file} is a directory; give --journal a file name`);
    if (found && !options.replace) throw alreadyExists(file);
    const why = await whyNotCreatable(file);
    if (why) throw inputError(`journal ${file} cannot be created: ${why}`);
  }

  /** Starts a new journal; refuses to overwrite one (that run may still need --resume) unless `replace` (--force). */
  static async create(file: string, start: JournalStartBase, options: { replace?: boolean } = {}): Promise<Journal> {
    await Journal.checkNew(file, options);
    const handle = await createJournalFile(file, options.replace === true, (error) =>
      errorCode(error) === 'EEXIST' ? alreadyExists(file) : cannotWrite(file, error),
    );
    const journal = new Journal(file, handle);
    await journal.append(start);
    return journal;
  }

  /** Refuses a journal that cannot be resumed because it is not there, before its lock is taken. */
  static async checkResumable(file: string): Promise<Stats> {
    const found = await statOrUndefined(file);
    if (!found) throw inputError(`--resume: journal ${file} does not exist`);
    if (found.isDirectory()) throw inputError(`--resume: journal ${file} is a directory, not a journal`);
    return found;
  }

  static async resume<S extends object = object>(file: string): Promise<{ journal: Journal; state: JournalState<S> }> {
    const stamp = stampOf(file, await Journal.checkResumable(file));
    const refusal = (error: unknown) => inputError(`--resume: journal ${file} cannot be read and appended to (${describeCode(error)})`);
    if (lastRead?.stamp === stamp) return { journal: new Journal(file, await openForAppending(file, refusal)), state: lastRead.state as JournalState<S> };
    const { handle, state } = await reopenJournalFile(file, (text) => parseJournal<S>(text, file), refusal);
    lastRead = { stamp, state };
    return { journal: new Journal(file, handle), state };
  }
}

/**
 * The journal this process read last, and the file's identity and change time when it was read: a
 * bulk run reads its journal to check it, and its chunked run opens it again before appending
 * anything. Parsing 50,000 ids twice (and their set of confirmed ids) cost about 50 ms of the check
 * (docs/performance.md, "Selecting and checking"). The state is only read, never changed, by its users.
 */
let lastRead: { stamp: string; state: JournalState } | undefined;

function stampOf(file: string, found: Stats): string {
  return JSON.stringify([file, found.dev, found.ino, found.size, found.mtimeMs, found.ctimeMs]);
}

async function statOrUndefined(file: string): Promise<Stats | undefined> {
  try {
    return await stat(file);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw inputError(`journal ${file}: ${describeCode(error)}`);
  }
}

function alreadyExists(file: string): Error {
  return inputError(
    `journal ${file} already exists from an earlier run, so nothing was sent; continue it with --resume, or start over with --force (it is then replaced)`,
  );
}

function describeEngine(engine: JournalEngine): string {
  return `${engine.url} (engine ${engine.name}, version ${engine.version})`;
}

function sameUrl(a: string, b: string): boolean {
  const normal = (url: string) => {
    try {
      return new URL(url).href.replace(/\/+$/, '');
    } catch {
      return url.replace(/\/+$/, '');
    }
  };
  return normal(a) === normal(b);
}

/**
 * Refuses to continue a journal on another engine than the one it was written against: a clone
 * (staging from production) has the same definition ids, so the ids alone would not tell. A journal
 * that does not say (written before this was recorded) is refused too: it cannot be told apart.
 */
export function checkJournalEngine(file: string, recorded: JournalEngine | undefined, current: JournalEngine): void {
  const startOver = 'to go on regardless, start a new run with --force: --all-instances or a query selects only the instances still on the source definition';
  if (!recorded || typeof recorded !== 'object') {
    throw inputError(
      `--resume: journal ${file} does not record which engine it was written against (an earlier camunda-admin wrote it), so it is not continued on ${describeEngine(current)}; nothing was sent`,
      startOver,
    );
  }
  if (!sameUrl(recorded.url, current.url) || recorded.name !== current.name || recorded.version !== current.version) {
    throw inputError(`--resume: journal ${file} was written against ${describeEngine(recorded)}, not ${describeEngine(current)}; nothing was sent`, startOver);
  }
}

function cannotWrite(file: string, error: unknown): Error {
  return inputError(`journal ${file} cannot be created (${describeCode(error)})`);
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string } | undefined)?.code;
}

function describeCode(error: unknown): string {
  const code = errorCode(error);
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  if (code === 'EISDIR') return 'it is a directory';
  return code ?? (error instanceof Error ? error.message : String(error));
}

export function parseJournal<S extends object = object>(text: string, file: string): JournalState<S> {
  const lines = text.split('\n');
  const events: JournalEvent[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      events.push(JSON.parse(line) as JournalEvent);
    } catch {
      // Only the last line can be torn by a crash; anything else means the file was edited.
      if (index < lines.length - 1 && lines.slice(index + 1).some((rest) => rest.trim() !== '')) {
        throw inputError(`journal ${file}:${index + 1}: not a journal line; the file was changed by hand`);
      }
    }
  });
  const start = events[0];
  if (!start || start.event !== 'start' || start.version !== 1 || !Array.isArray(start.ids)) {
    throw inputError(`journal ${file}: not a camunda-admin migration journal`);
  }
  // The scope is the operation's: it checks it against what it is asked to continue.
  const started = start as JournalStart<S>;
  const sent = new Map<number, string[]>();
  const confirmed = new Set<string>();
  const elsewhere = new Set<string>();
  let lastChunk = 0;
  let canary: JournalState<S>['canary'];
  const batches = new Map<number, string>();
  for (const event of events) {
    if (event.event === 'sent') {
      sent.set(event.chunk, event.ids);
      lastChunk = Math.max(lastChunk, event.chunk);
      if (event.canary)
        canary = { chunk: event.chunk, ids: event.ids, incidentsBefore: event.incidentsBefore ?? [], done: false, passed: undefined, problems: [] };
    } else if (event.event === 'done') {
      for (const id of sent.get(event.chunk) ?? []) confirmed.add(id);
      if (canary?.chunk === event.chunk) canary.done = true;
    } else if (event.event === 'elsewhere' && Array.isArray(event.ids)) {
      for (const id of event.ids) elsewhere.add(id);
    } else if (event.event === 'canary' && canary?.chunk === event.chunk) {
      canary.passed = event.passed;
      canary.problems = Array.isArray(event.problems) ? event.problems : [];
    } else if (event.event === 'batch') {
      batches.set(event.chunk, event.batchId);
    }
  }
  return { start: started, confirmed, elsewhere, lastChunk, canary, batches, events };
}

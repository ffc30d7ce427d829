/**
 * The journal of a chunked migration: one JSON object per line, appended and flushed before and after
 * each chunk is sent, so an interruption at any moment leaves a file that says exactly what is known.
 * A torn last line (the process died mid-write) is ignored when the journal is read back.
 */
import { type FileHandle, open, readFile, stat } from 'node:fs/promises';
import { UsageError } from '../exit-codes.js';

export interface JournalStart {
  event: 'start';
  version: 1;
  plan: string;
  sourceProcessDefinitionId: string;
  targetProcessDefinitionId: string;
  chunkSize: number;
  /** The whole selection, as confirmed: a resume never re-evaluates a query. */
  ids: string[];
  at: string;
}

export type JournalEvent =
  | JournalStart
  | { event: 'resume'; at: string; pending: number; alreadyDone: number }
  | { event: 'sent'; chunk: number; ids: string[]; at: string }
  | { event: 'done'; chunk: number; at: string }
  | { event: 'failed'; chunk: number; error: string; at: string }
  | { event: 'abandoned'; chunk: number; at: string }
  | { event: 'interrupted'; at: string };

export interface JournalState {
  start: JournalStart;
  /** Ids of chunks the engine confirmed (204). */
  migrated: Set<string>;
  /** The highest chunk number used so far. */
  lastChunk: number;
  events: JournalEvent[];
}

export class Journal {
  private constructor(
    readonly file: string,
    private readonly handle: FileHandle,
  ) {}

  /** Starts a new journal; refuses to overwrite one (that run may still need --resume). */
  static async create(file: string, start: JournalStart): Promise<Journal> {
    if (await exists(file)) {
      throw new UsageError(`journal ${file} already exists from an earlier run; continue it with --resume, or move it away to start over`);
    }
    const journal = new Journal(file, await open(file, 'a'));
    await journal.append(start);
    return journal;
  }

  static async resume(file: string): Promise<{ journal: Journal; state: JournalState }> {
    if (!(await exists(file))) throw new UsageError(`--resume: journal ${file} does not exist`);
    const state = parseJournal(await readFile(file, 'utf8'), file);
    return { journal: new Journal(file, await open(file, 'a')), state };
  }

  /** Appends one event and waits until it is on disk. */
  async append(event: JournalEvent): Promise<void> {
    await this.handle.write(`${JSON.stringify(event)}\n`);
    await this.handle.datasync();
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export function parseJournal(text: string, file: string): JournalState {
  const lines = text.split('\n');
  const events: JournalEvent[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      events.push(JSON.parse(line) as JournalEvent);
    } catch {
      // Only the last line can be torn by a crash; anything else means the file was edited.
      if (index < lines.length - 1 && lines.slice(index + 1).some((rest) => rest.trim() !== '')) {
        throw new UsageError(`journal ${file}:${index + 1}: not a journal line; the file was changed by hand`);
      }
    }
  });
  const start = events[0];
  if (!start || start.event !== 'start' || start.version !== 1 || !Array.isArray(start.ids)) {
    throw new UsageError(`journal ${file}: not a camunda-admin migration journal`);
  }
  const sent = new Map<number, string[]>();
  const migrated = new Set<string>();
  let lastChunk = -1;
  for (const event of events) {
    if (event.event === 'sent') {
      sent.set(event.chunk, event.ids);
      lastChunk = Math.max(lastChunk, event.chunk);
    } else if (event.event === 'done') {
      for (const id of sent.get(event.chunk) ?? []) migrated.add(id);
    }
  }
  return { start, migrated, lastChunk, events };
}

/**
 * What a run's journal and a sweep's journal share: a file of JSON lines, one event a line, each
 * flushed to disk before the run goes on, so that a killed run leaves every event it acted on.
 */
import { type FileHandle, open, readFile } from 'node:fs/promises';

export class JournalFile<E> {
  protected constructor(
    readonly file: string,
    private readonly handle: FileHandle,
  ) {}

  /** Appends one event and waits until it is on disk. */
  async append(event: E): Promise<void> {
    await this.handle.write(`${JSON.stringify(event)}\n`);
    await this.handle.datasync();
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

/**
 * Opens a new journal file: 'wx', so that another run starting the same journal meanwhile makes
 * this fail instead of interleaving, or 'w' when it may `replace` one (--force).
 */
export async function createJournalFile(file: string, replace: boolean, refusal: (error: unknown) => Error): Promise<FileHandle> {
  try {
    return await open(file, replace ? 'w' : 'wx');
  } catch (error) {
    throw refusal(error);
  }
}

/** Opens a journal read before for appending. */
export async function openForAppending(file: string, refusal: (error: unknown) => Error): Promise<FileHandle> {
  try {
    return await open(file, 'a');
  } catch (error) {
    throw refusal(error);
  }
}

/** Reads a journal and opens it for appending; `parse` reads its state, and the file is closed again when that fails. */
export async function reopenJournalFile<S>(
  file: string,
  parse: (text: string) => S,
  refusal: (error: unknown) => Error,
): Promise<{ handle: FileHandle; state: S }> {
  let text: string;
  let handle: FileHandle;
  try {
    text = await readFile(file, 'utf8');
    handle = await open(file, 'a');
  } catch (error) {
    throw refusal(error);
  }
  try {
    return { handle, state: parse(text) };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

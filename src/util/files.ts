import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../exit-codes.js';

/** Writes via a temporary file and a rename, so a reader never sees half a file. */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    await writeFile(temporary, text, { mode: 0o644 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    const code = (error as { code?: string }).code;
    throw new UsageError(`${file}: cannot be written (${code === 'ENOENT' ? 'no such directory' : code === 'EACCES' ? 'permission denied' : (code ?? 'error')})`);
  }
}

import { constants } from 'node:fs';
import { access, rename, rm, stat, writeFile } from 'node:fs/promises';
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
    throw new UsageError(
      `${file}: cannot be written (${code === 'ENOENT' ? 'no such directory' : code === 'EACCES' ? 'permission denied' : (code ?? 'error')})`,
    );
  }
}

/**
 * Why a new file cannot be created at `file`, or undefined when its directory exists and is
 * writable: checked before anything is sent, so that a file found unwritable afterwards loses nothing.
 */
export async function whyNotCreatable(file: string): Promise<string | undefined> {
  const directory = dirname(file);
  const found = await stat(directory).catch(() => undefined);
  if (!found) return `the directory ${directory} does not exist`;
  if (!found.isDirectory()) return `${directory} is not a directory`;
  try {
    await access(directory, constants.W_OK);
    return undefined;
  } catch {
    return `the directory ${directory} is not writable`;
  }
}

/**
 * Refuses an output file (`--out`, `--report`) before anything is sent: an existing file unless
 * `force` (it may be a reviewed, hand-edited plan), a directory, or a place where none can be created.
 * The file is replaced through a temporary file in its directory, so that directory must be writable.
 */
export async function checkOutputFile(file: string, flag: string, force: boolean): Promise<void> {
  const refuse = (reason: string) => new UsageError(`${flag} ${file}: cannot be written (${reason}); nothing was sent`);
  const found = await stat(file).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') return undefined;
    throw refuse(code === 'ENOTDIR' ? 'a part of the path is not a directory' : (code ?? String(error)));
  });
  if (found?.isDirectory()) throw refuse('it is a directory');
  if (found && !force) throw new UsageError(`${flag} ${file}: the file already exists; nothing was sent`, 'give --force to replace it');
  const why = await whyNotCreatable(file);
  if (why) throw refuse(why);
}

/**
 * The format of a written document (a plan, an access file): JSON for a .json --out or -o json; YAML
 * otherwise (YAML is also what a table shows of it). A file name and an -o that disagree are
 * refused: either choice would silently ignore the other.
 */
export function documentFormat(out: string | undefined, format: 'table' | 'json' | 'yaml'): 'json' | 'yaml' {
  if (!out) return format === 'json' ? 'json' : 'yaml';
  const byName = /\.json$/i.test(out) ? 'json' : 'yaml';
  if (format !== 'table' && format !== byName) {
    throw new UsageError(
      `--out ${out} is written as ${byName === 'json' ? 'JSON (a .json name)' : 'YAML (not a .json name)'}, which contradicts -o ${format}; name the file to match, or leave out -o`,
    );
  }
  return byName;
}

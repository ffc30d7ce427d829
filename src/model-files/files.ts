/**
 * The model files named on a command line: files as they are, directories walked (sorted, names
 * beginning with '.' skipped, symbolic links followed once), each file once however often it is
 * reached. Every named path that cannot be used is a usage error, one line each, before any file is
 * read; files are read one at a time, within the size limit, so memory stays that of one file.
 */
import type { Dirent, Stats } from 'node:fs';
import { basename, join } from 'node:path';
import { UsageError } from '../exit-codes.js';
import { fileSystemMessage } from '../input/file-errors.js';
import { formatSize, MAX_INPUT_BYTES } from '../input/limits.js';
import { modelKindOf, modelSuffixList, type ModelKind } from './kinds.js';

export interface ModelFile {
  /** As named, or joined to the directory named. */
  path: string;
  kind: ModelKind;
}

/** A model of tens of megabytes is already far beyond what an engine deploys; the limit of the other input files. */
export const MAX_MODEL_BYTES = MAX_INPUT_BYTES;

const WHAT = 'model file';
/** Deeper than this is no release's layout (a loop the device and inode numbers did not show). */
const MAX_DIRECTORY_DEPTH = 64;

/** The model files of `paths`, in order; a UsageError for the paths that cannot be used. */
export async function* modelFiles(paths: readonly string[]): AsyncGenerator<ModelFile> {
  const { stat } = await import('node:fs/promises');
  const named: { path: string; info: Stats }[] = [];
  const refused: string[] = [];
  for (const path of paths) {
    try {
      const info = await stat(path);
      if (info.isFile() && modelKindOf(basename(path)) === undefined) refused.push(notAModel(path));
      else if (!info.isFile() && !info.isDirectory()) refused.push(`${path}: not a file or directory`);
      else named.push({ path, info });
    } catch (error) {
      refused.push(fileSystemMessage(path, error, WHAT));
    }
  }
  if (refused.length > 0) throw new UsageError(refused.join('\n'));
  const seen = new Set<string>();
  for (const { path, info } of named) {
    if (info.isFile()) {
      if (once(seen, info)) yield { path, kind: modelKindOf(basename(path))! };
      continue;
    }
    let found = 0;
    for await (const file of walk(path, info, seen, new Set())) {
      found++;
      if (file.first) yield { path: file.path, kind: file.kind };
    }
    if (found === 0) throw new UsageError(`${path}: no model file in it (${modelSuffixList()})`);
  }
}

function notAModel(path: string): string {
  return `${path}: not a model file: the engine parses only ${modelSuffixList()}`;
}

function identity(info: Stats): string {
  return `${info.dev}:${info.ino}`;
}

/** True the first time a file or directory (device and inode) is met. */
function once(seen: Set<string>, info: Stats): boolean {
  const key = identity(info);
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/** The model files under a directory; `first` false for one given already (named, or reached before). */
async function* walk(directory: string, info: Stats, seen: Set<string>, ancestors: ReadonlySet<string>): AsyncGenerator<ModelFile & { first: boolean }> {
  // A symbolic link to a directory above it would walk for ever.
  if (ancestors.has(identity(info)) || ancestors.size > MAX_DIRECTORY_DEPTH) return;
  const path = new Set(ancestors).add(identity(info));
  const { readdir, stat } = await import('node:fs/promises');
  let entries: Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    throw new UsageError(fileSystemMessage(directory, error, 'directory'));
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const entryPath = join(directory, entry.name);
    if (entry.isFile() && modelKindOf(entry.name) === undefined) continue;
    let entryInfo: Stats;
    try {
      entryInfo = await stat(entryPath);
    } catch (error) {
      // A dangling symbolic link is not a model of the release; any other failure is the user's to see.
      if (entry.isSymbolicLink() && (error as { code?: string }).code === 'ENOENT') continue;
      throw new UsageError(fileSystemMessage(entryPath, error, WHAT));
    }
    if (entryInfo.isDirectory()) yield* walk(entryPath, entryInfo, seen, path);
    else if (entryInfo.isFile() && modelKindOf(entry.name) !== undefined)
      yield { path: entryPath, kind: modelKindOf(entry.name)!, first: once(seen, entryInfo) };
  }
}

/** A model file's bytes, read within the size limit; its size checked on the open file, not the name. */
export async function readModelBytes(path: string): Promise<Buffer> {
  const { open } = await import('node:fs/promises');
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, 'r');
    const info = await handle.stat();
    if (info.size > MAX_MODEL_BYTES) throw new UsageError(`${path}: the ${WHAT} is larger than ${formatSize(MAX_MODEL_BYTES)}`);
    const bytes = await handle.readFile();
    if (bytes.length > MAX_MODEL_BYTES) throw new UsageError(`${path}: the ${WHAT} is larger than ${formatSize(MAX_MODEL_BYTES)}`);
    return bytes;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(fileSystemMessage(path, error, WHAT));
  } finally {
    await handle?.close();
  }
}

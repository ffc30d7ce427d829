/**
 * The resources of a deployment, from the paths named on the command line: a file is one resource
 * named by its file name; a directory gives every file below it (sorted, names beginning with '.'
 * skipped, symbolic links followed, loops not), each named by its path relative to that directory
 * with '/' between the names, as a build tool's deployment names the files of its resources
 * folder. Any kind of file: BPMN, DMN, CMMN, forms, scripts, templates; the engine parses the
 * models and stores the rest. Paths that cannot be used are usage errors, all of them in one go.
 */
import type { Stats } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { UsageError } from '../exit-codes.js';
import { fileSystemMessage } from '../input/file-errors.js';
import { formatSize } from '../input/limits.js';
import { MAX_MODEL_BYTES } from '../model-files/files.js';
import { UNSENDABLE_NAME } from './form.js';

export interface ResourceFile {
  /** The resource's name in the deployment. */
  name: string;
  /** Where the file is, as named or joined to the directory named. */
  path: string;
  size: number;
}

/** One file: the limit of a model file. */
const MAX_RESOURCE_BYTES = MAX_MODEL_BYTES;
/** The whole deployment is held in memory while it is sent. */
const MAX_DEPLOYMENT_BYTES = 256 * 1024 * 1024;
const MAX_DIRECTORY_DEPTH = 64;

export async function deploymentResources(paths: readonly string[]): Promise<ResourceFile[]> {
  const { stat } = await import('node:fs/promises');
  const refused: string[] = [];
  const found: ResourceFile[] = [];
  for (const path of paths) {
    let info: Stats;
    try {
      info = await stat(path);
    } catch (error) {
      refused.push(fileSystemMessage(path, error, 'file'));
      continue;
    }
    if (info.isFile()) found.push({ name: basename(path), path, size: info.size });
    else if (info.isDirectory()) {
      const before = found.length;
      await walk(path, path, info, new Set(), found, refused);
      if (found.length === before) refused.push(`${path}: no file in it to deploy`);
    } else refused.push(`${path}: not a file or directory`);
  }
  const byName = new Map<string, ResourceFile>();
  for (const file of found) {
    const other = byName.get(file.name);
    if (other !== undefined && other.path !== file.path)
      refused.push(`${file.path}: its resource name ${file.name} is that of ${other.path} too; a deployment holds one resource of a name`);
    byName.set(file.name, file);
    if (UNSENDABLE_NAME.test(file.name)) refused.push(`${file.path}: a resource name with a quote, backslash or line break cannot be sent`);
    if (file.size > MAX_RESOURCE_BYTES) refused.push(`${file.path}: larger than ${formatSize(MAX_RESOURCE_BYTES)}`);
  }
  const resources = [...byName.values()];
  const total = resources.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_DEPLOYMENT_BYTES)
    refused.push(`the files come to ${formatSize(total)}, more than the ${formatSize(MAX_DEPLOYMENT_BYTES)} one deployment may be`);
  if (refused.length > 0) throw new UsageError(refused.join('\n'));
  return resources;
}

async function walk(root: string, directory: string, info: Stats, ancestors: ReadonlySet<string>, found: ResourceFile[], refused: string[]): Promise<void> {
  const identity = `${info.dev}:${info.ino}`;
  if (ancestors.has(identity) || ancestors.size > MAX_DIRECTORY_DEPTH) return;
  const within = new Set(ancestors).add(identity);
  const { readdir, stat } = await import('node:fs/promises');
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    refused.push(fileSystemMessage(directory, error, 'directory'));
    return;
  }
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const path = join(directory, name);
    let entry: Stats;
    try {
      entry = await stat(path);
    } catch (error) {
      // A dangling symbolic link is no file of the deployment.
      if ((error as { code?: string }).code === 'ENOENT') continue;
      refused.push(fileSystemMessage(path, error, 'file'));
      continue;
    }
    if (entry.isDirectory()) await walk(root, path, entry, within, found, refused);
    else if (entry.isFile()) found.push({ name: relative(root, path).split(sep).join('/'), path, size: entry.size });
  }
}

/** A resource file's bytes, within the limit, checked on the open file. */
export async function readResource(file: ResourceFile): Promise<Buffer> {
  const { readFile } = await import('node:fs/promises');
  let bytes: Buffer;
  try {
    bytes = await readFile(file.path);
  } catch (error) {
    throw new UsageError(fileSystemMessage(file.path, error, 'file'));
  }
  if (bytes.length > MAX_RESOURCE_BYTES) throw new UsageError(`${file.path}: larger than ${formatSize(MAX_RESOURCE_BYTES)}`);
  return bytes;
}

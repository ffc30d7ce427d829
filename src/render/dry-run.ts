/**
 * `--dry-run` prints the exact request bodies. Written piece by piece: a million ids would otherwise be
 * one string of 40 MB held twice, pretty-printed.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { MigrationExecutionRequest } from '../engine/migration.js';
import type { IdList } from '../input/id-set.js';

const IDS_PER_WRITE = 10_000;

async function write(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

/** Resolves when the stream is done with `bytes`: they are in a buffer that the next slice reuses. */
function writeBytes(stream: Writable, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => stream.write(bytes, (error) => (error ? reject(error) : resolve())));
}

/** One body per id list, as JSON: an object, or an array of objects when `asArray`. */
export async function writeExecutionRequests(
  stream: Writable,
  template: MigrationExecutionRequest,
  idLists: readonly IdList[],
  asArray: boolean,
): Promise<void> {
  const { processInstanceIds: _ids, ...rest } = template;
  const indent = asArray ? '    ' : '  ';
  const head = JSON.stringify(rest, null, 2)
    .replace(/\n}$/, '')
    .replace(/\n/g, asArray ? '\n  ' : '\n');
  if (asArray) await write(stream, '[\n');
  for (const [index, ids] of idLists.entries()) {
    await write(stream, `${asArray ? '  ' : ''}${head},\n${indent}"processInstanceIds": [`);
    for (let start = 0; start < ids.length; start += IDS_PER_WRITE) {
      // Each slice as the array in the body is indented, `[\n<pad>"id",\n<pad>"id"\n]` without its
      // brackets: laid out from the set's bytes and written as they are, or else by one native
      // JSON.stringify.
      const end = Math.min(ids.length, start + IDS_PER_WRITE);
      if (start > 0) await write(stream, ',');
      const laidOut = ids.indentedJsonElements?.(start, end, `${indent}  `);
      if (laidOut) await writeBytes(stream, laidOut);
      else await write(stream, JSON.stringify(ids.slice(start, end), null, `${indent}  `).slice(1, -2));
    }
    await write(stream, `${ids.length > 0 ? `\n${indent}` : ''}]\n${asArray ? '  }' : '}'}${asArray && index < idLists.length - 1 ? ',' : ''}\n`);
  }
  if (asArray) await write(stream, ']\n');
}

/**
 * The same bodies as YAML (-o yaml): a mapping, or a sequence of mappings when `asArray`. Ids are
 * written as double-quoted scalars (a JSON string is one), so an id such as 123 stays a string.
 */
export async function writeExecutionRequestsYaml(
  stream: Writable,
  template: MigrationExecutionRequest,
  idLists: readonly IdList[],
  asArray: boolean,
): Promise<void> {
  const { processInstanceIds: _ids, ...rest } = template;
  const { toYaml } = await import('./yaml.js');
  const pad = asArray ? '  ' : '';
  const head = toYaml(rest)
    .replace(/\n$/, '')
    .split('\n')
    .map((line, index) => (asArray ? `${index === 0 ? '- ' : pad}${line}` : line))
    .join('\n');
  if (asArray && idLists.length === 0) await write(stream, '[]\n');
  for (const ids of idLists) {
    await write(stream, `${head}\n${pad}processInstanceIds:${ids.length === 0 ? ' []' : ''}\n`);
    for (let start = 0; start < ids.length; start += IDS_PER_WRITE) {
      const slice = ids.slice(start, Math.min(ids.length, start + IDS_PER_WRITE));
      await write(stream, slice.map((id) => `${pad}  - ${JSON.stringify(id)}\n`).join(''));
    }
  }
}

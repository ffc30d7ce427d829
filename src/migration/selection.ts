/**
 * Which process instances a `migration execute` touches: `--instances`, `--instances-file`, `--query`,
 * `--all-instances` and the plan's own ids and query, united like the engine unites them. The union is
 * resolved into ids before anything is executed, so what the operator confirms is exactly what is sent.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { ProcessInstanceApi, ProcessInstanceQueryBody } from '../engine/process-instances.js';
import { UsageError } from '../exit-codes.js';
import { withoutBom } from '../util/syntax.js';

export interface SelectionFlags {
  instances?: string | undefined;
  instancesFile?: string | undefined;
  query?: ProcessInstanceQueryBody | undefined;
  queryFile?: string | undefined;
  allInstances?: boolean | undefined;
}

export interface SelectionRequest {
  /** Explicit ids, in the order given, duplicates removed. */
  ids: ReadonlySet<string>;
  /** Queries whose results join the selection. */
  queries: { label: string; query: ProcessInstanceQueryBody }[];
  /** Human-readable parts, for messages: "3 ids from --instances", "--query q.json". */
  parts: string[];
}

/** Instances of the source definition, and what else was selected. */
export interface ResolvedSelection {
  ids: string[];
  notFound: string[];
  elsewhere: { id: string; definitionId: string }[];
}

const PAGE = 500;
/** Ids per existence lookup: big pages keep a million ids to a few hundred requests. */
export const LOOKUP_PAGE = 5000;

/**
 * Reads ids from a file or stdin, one per line (blank lines and # comments skipped) or as a JSON
 * array, and hands each to `add` as it is read: a million ids are never one more array. Returns how
 * many were read. Lines are cut from big chunks with indexOf, several times faster than readline.
 */
export async function readInstanceIds(file: string, stdin: Readable & { isTTY?: boolean }, add: (id: string) => void): Promise<number> {
  if (file === '-' && stdin.isTTY) throw new UsageError('--instances-file -: standard input is a terminal; pipe the ids in');
  let stream: Readable;
  if (file === '-') {
    stream = stdin.setEncoding('utf8');
  } else {
    stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (error: NodeJS.ErrnoException) =>
        reject(new UsageError(`--instances-file ${file}: ${error.code === 'ENOENT' ? 'file not found' : error.code === 'EISDIR' ? 'is a directory' : 'cannot be read'}`)),
      );
    });
  }
  const name = file === '-' ? '<stdin>' : file;
  let count = 0;
  let lineNumber = 0;
  let json: string[] | undefined;
  const take = (rawLine: string): void => {
    lineNumber++;
    if (json) {
      json.push(rawLine);
      return;
    }
    const line = (lineNumber === 1 ? withoutBom(rawLine) : rawLine).trim();
    if (count === 0 && line.startsWith('[')) {
      json = [rawLine];
      return;
    }
    if (line === '' || line.startsWith('#')) return;
    if (!isOneToken(line)) {
      throw new UsageError(`${name}:${lineNumber}: '${line.slice(0, 60)}' is not one process instance id (one id per line, or a JSON array)`);
    }
    add(line);
    count++;
  };
  // \n, \r\n and a lone \r each end a line, as with readline.
  const takeAll = (text: string): void => {
    if (text.includes('\r')) for (const part of text.split(/\r\n?/)) take(part);
    else take(text);
  };
  let rest = '';
  for await (const chunk of stream as AsyncIterable<string>) {
    const text = rest + chunk;
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      takeAll(text.slice(start, end));
      start = end + 1;
    }
    rest = text.slice(start);
  }
  if (rest !== '') takeAll(rest);
  if (json) {
    const ids = parseJsonIds(json.join('\n'), name);
    for (const id of ids) add(id);
    return ids.length;
  }
  return count;
}

/** No whitespace and no comma: one id, not a list. A loop over the characters, for a million lines. */
function isOneToken(line: string): boolean {
  for (let index = 0; index < line.length; index++) {
    const code = line.charCodeAt(index);
    if (code <= 0x20 || code === 0x2c || (code >= 0x7f && /\s/.test(line[index]!))) return false;
  }
  return true;
}

function parseJsonIds(text: string, name: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${name}: invalid JSON array of ids: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!Array.isArray(value)) throw new UsageError(`${name}: expected a JSON array of ids`);
  value.forEach((id, index) => {
    if (typeof id !== 'string' || id.trim() === '') throw new UsageError(`${name}: [${index}] is not a process instance id (expected a non-empty string)`);
  });
  return value as string[];
}



/**
 * Asks the engine where every selected instance is. Explicit ids are looked up in pages; queries are
 * run with paging. Instances that do not exist or are on another definition are reported, not sent:
 * the engine would fail the whole call for one of them. Only the strays are remembered per id, so a
 * million ids cost the id strings and one set.
 */
export async function resolveSelection(
  instances: ProcessInstanceApi,
  request: SelectionRequest,
  sourceDefinitionId: string,
): Promise<ResolvedSelection> {
  const result: ResolvedSelection = { ids: [], notFound: [], elsewhere: [] };
  let page: string[] = [];
  const lookUp = async (): Promise<void> => {
    // Usually every id is on the source: a count says so in a few bytes, where the instances
    // themselves would be a megabyte per page to download and check. Only a short count needs them.
    const onSource = await instances.count({ processInstanceIds: page, processDefinitionId: sourceDefinitionId });
    if (onSource === page.length) {
      for (const id of page) result.ids.push(id);
      page = [];
      return;
    }
    const found = new Map<string, string>();
    for (const instance of await instances.query({ processInstanceIds: page }, 0, page.length)) found.set(instance.id, instance.definitionId);
    for (const id of page) {
      const definitionId = found.get(id);
      if (definitionId === undefined) result.notFound.push(id);
      else if (definitionId !== sourceDefinitionId) result.elsewhere.push({ id, definitionId });
      else result.ids.push(id);
    }
    page = [];
  };
  // Walk the set in pages instead of copying it into one more array of a million entries.
  for (const id of request.ids) {
    page.push(id);
    if (page.length === LOOKUP_PAGE) await lookUp();
  }
  if (page.length > 0) await lookUp();
  // Query results join the explicit ids; only the ones not given explicitly need remembering.
  const fromQueries = new Set<string>();
  for (const { query } of request.queries) {
    for (let first = 0; ; first += PAGE) {
      const page = await instances.query(query, first, PAGE);
      for (const instance of page) {
        if (request.ids.has(instance.id) || fromQueries.has(instance.id)) continue;
        fromQueries.add(instance.id);
        if (instance.definitionId === sourceDefinitionId) result.ids.push(instance.id);
        else result.elsewhere.push({ id: instance.id, definitionId: instance.definitionId });
      }
      if (page.length < PAGE) break;
    }
  }
  return result;
}

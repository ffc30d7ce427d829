/**
 * An id file (--instances-file FILE or -): one id per line (blank lines and # comments skipped) or a
 * JSON array, read in bounded chunks into an InstanceIdSet (./id-set.ts) without making a string per
 * id. Shared by every command that takes a selection of ids (migration, the bulk commands).
 */
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { UsageError } from '../exit-codes.js';
import { jsonSyntaxProblem, lineAndColumn } from '../util/syntax.js';
import { fileSystemMessage } from './file-errors.js';
import { codePointName, forbiddenControlIndex, formatSize, MAX_ID_FILE_BYTES, MAX_ID_LINE_BYTES } from './limits.js';
import type { InstanceIdSet } from './id-set.js';

/**
 * Reads ids from a file or stdin, one per line (blank lines and # comments skipped) or as a JSON
 * array, into `ids`; returns how many were read, duplicates included. Lines are cut from the bytes
 * and go into the set as bytes: a million ids never become a million strings here
 * (docs/performance.md). A line with other than ASCII in it is read as text, as before.
 */
export async function readInstanceIds(file: string, stdin: Readable & { isTTY?: boolean }, ids: InstanceIdSet): Promise<number> {
  if (file === '-' && stdin.isTTY) throw new UsageError('--instances-file -: standard input is a terminal; pipe the ids in');
  const name = file === '-' ? '<stdin>' : file;
  const chunks = file === '-' ? limitedChunks(stdin as AsyncIterable<Buffer | string>, name) : fileChunks(file, ids);
  let count = 0;
  let lineNumber = 0;
  let json: string[] | undefined;
  let jsonLine = 0;
  const notOneId = (line: string) => {
    const control = forbiddenControlIndex(line);
    if (control !== -1)
      return new UsageError(
        `${name}:${lineNumber}: '${line.slice(0, 60)}' is not a process instance id: it holds the control character ${codePointName(line[control]!)}`,
      );
    return new UsageError(`${name}:${lineNumber}: '${line.slice(0, 60)}' is not one process instance id (one id per line, or a JSON array)`);
  };
  const tooLong = () =>
    new UsageError(`${name}:${lineNumber}: a line longer than ${formatSize(MAX_ID_LINE_BYTES)}; an id file holds one id per line, or a JSON array`);

  /** A line with other than ASCII in it, read as text: trimmed of every kind of white space. */
  const takeText = (rawLine: string): void => {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) return;
    if (count === 0 && line.startsWith('[')) {
      json = [line];
      jsonLine = lineNumber;
      return;
    }
    if (!isOneToken(line)) throw notOneId(line);
    ids.add(line);
    count++;
  };
  const take = (bytes: Buffer, lineStart: number, end: number): void => {
    lineNumber++;
    let start = lineNumber === 1 && bytes[lineStart] === 0xef && bytes[lineStart + 1] === 0xbb && bytes[lineStart + 2] === 0xbf ? lineStart + 3 : lineStart;
    if (json) {
      json.push(bytes.toString('utf8', start, end));
      return;
    }
    while (start < end && isAsciiSpace(bytes[start]!)) start++;
    while (end > start && isAsciiSpace(bytes[end - 1]!)) end--;
    if (start === end || bytes[start] === 0x23 /* # */) return;
    if (count === 0 && bytes[start] === 0x5b /* [ */) {
      json = [bytes.toString('utf8', start, end)];
      jsonLine = lineNumber;
      return;
    }
    if (end - start > MAX_ID_LINE_BYTES) throw tooLong();
    const result = ids.addAsciiToken(bytes, start, end);
    if (result === 'not-ascii' || (result === 'not-one-token' && !isAscii(bytes, start, end))) {
      // Unicode white space may surround the id: only the text path trims it.
      return takeText(bytes.toString('utf8', start, end));
    }
    if (result === 'not-one-token') throw notOneId(bytes.toString('utf8', start, end));
    count++;
  };
  // \n, \r\n and a lone \r each end a line, as with readline.
  const takeLine = (bytes: Buffer, start: number, end: number, mayHaveCr: boolean): void => {
    if (mayHaveCr) {
      if (end > start && bytes[end - 1] === 0x0d) end--;
      for (let index = start; index < end; index++) {
        if (bytes[index] !== 0x0d) continue;
        take(bytes, start, index);
        start = index + 1;
      }
    }
    take(bytes, start, end);
  };
  // The line cut by the end of a chunk, in pieces joined once its end comes: only it is copied, not
  // the chunk, and a JSON array on one line is not copied again for every chunk it spans.
  let rest: Buffer[] = [];
  let restLength = 0;
  let first = true;
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (first) {
      first = false;
      if (startsLikeUtf16(bytes)) throw new UsageError(`${name}: not UTF-8 text (a UTF-16 byte order mark or NUL bytes); save the ids as UTF-8`);
    }
    let start = 0;
    let end = bytes.indexOf(0x0a);
    if (restLength > 0) {
      if (end === -1) {
        rest.push(Buffer.from(bytes));
        restLength += bytes.length;
        // Only a JSON array may run this long; an endless line of something else stops here.
        if (restLength > MAX_ID_LINE_BYTES && !json && !(count === 0 && startsJsonArray(rest[0]!))) {
          lineNumber++;
          throw tooLong();
        }
        continue;
      }
      const line = Buffer.concat([...rest, bytes.subarray(0, end)]);
      rest = [];
      restLength = 0;
      takeLine(line, 0, line.length, true);
      start = end + 1;
      end = bytes.indexOf(0x0a, start);
    }
    const mayHaveCr = bytes.includes(0x0d);
    for (; end !== -1; end = bytes.indexOf(0x0a, start)) {
      takeLine(bytes, start, end, mayHaveCr);
      start = end + 1;
    }
    if (start < bytes.length) {
      rest = [Buffer.from(bytes.subarray(start))];
      restLength = bytes.length - start;
    }
  }
  if (restLength > 0) {
    const line = Buffer.concat(rest);
    takeLine(line, 0, line.length, true);
  }
  if (json) {
    const fromJson = parseJsonIds(json.join('\n'), name, jsonLine);
    for (const id of fromJson) ids.add(id);
    return fromJson.length;
  }
  return count;
}

/**
 * The file's bytes a megabyte at a time, in one buffer that every read reuses: the reader is done
 * with a chunk before it asks for the next, and a million ids leave no megabytes of dead chunks
 * for the GC. The set first makes room for as many ids as the file can hold.
 */
async function* fileChunks(file: string, ids: InstanceIdSet): AsyncGenerator<Buffer> {
  const unreadable = (error: unknown) => {
    return new UsageError(fileSystemMessage(`--instances-file ${file}`, error, 'file'));
  };
  const handle = await open(file, 'r').catch((error: unknown) => {
    throw unreadable(error);
  });
  try {
    const { size } = await handle.stat();
    // Checked before the set reserves room for the whole file.
    if (size > MAX_ID_FILE_BYTES) throw new UsageError(`${file}: the id file is larger than ${formatSize(MAX_ID_FILE_BYTES)}`);
    ids.reserve(size);
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null).catch((error: unknown) => {
        throw unreadable(error);
      });
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/** Standard input, stopped as soon as it passes the size an id file may have. */
async function* limitedChunks(chunks: AsyncIterable<Buffer | string>, name: string): AsyncGenerator<Buffer | string> {
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > MAX_ID_FILE_BYTES) throw new UsageError(`${name}: the ids are more than ${formatSize(MAX_ID_FILE_BYTES)}`);
    yield chunk;
  }
}

/** Whether a line begins, after white space and a byte order mark, with the `[` of a JSON array. */
function startsJsonArray(bytes: Buffer): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && isAsciiSpace(bytes[at]!)) at++;
  return bytes[at] === 0x5b;
}

/**
 * A UTF-16 (or UTF-32) byte order mark, or a NUL among the first bytes: ids are ASCII, which UTF-16
 * writes with a NUL in every other byte. Only the start is looked at: a million ids cost nothing more.
 */
function startsLikeUtf16(bytes: Buffer): boolean {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return true;
  return bytes.subarray(0, 64).includes(0);
}

function isAscii(bytes: Buffer, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if (bytes[index]! >= 0x80) return false;
  return true;
}

/** The ASCII characters String.prototype.trim removes: tab, line feed, vertical tab, form feed, CR, space. */
function isAsciiSpace(byte: number): boolean {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
}

/** No whitespace and no comma: one id, not a list. */
function isOneToken(line: string): boolean {
  for (let index = 0; index < line.length; index++) {
    const code = line.charCodeAt(index);
    // DEL and the C1 controls too: no engine id holds one.
    if (code <= 0x20 || code === 0x2c || (code >= 0x7f && code <= 0x9f) || (code > 0x9f && /\s/.test(line[index]!))) return false;
  }
  return true;
}

function parseJsonIds(text: string, name: string, firstLine: number): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // JSON.parse's own message may quote the text, line breaks and all: the place and a one-line message instead.
    const problem = jsonSyntaxProblem(text)!;
    const { line, column } = lineAndColumn(text, problem.offset);
    throw new UsageError(`${name}:${firstLine + line - 1}:${column}: invalid JSON array of ids: ${problem.message}`);
  }
  if (!Array.isArray(value)) throw new UsageError(`${name}: expected a JSON array of ids`);
  value.forEach((id, index) => {
    if (typeof id !== 'string' || id.trim() === '') throw new UsageError(`${name}: [${index}] is not a process instance id (expected a non-empty string)`);
    const control = forbiddenControlIndex(id);
    if (control !== -1) {
      throw new UsageError(
        `${name}:${firstLine + lineOfString(text, index)}: [${index}] is not a process instance id: it holds the control character ${codePointName(id[control]!)}`,
      );
    }
  });
  return value as string[];
}

/**
 * The line (0 for the first) on which the `index`th string of a JSON array of strings begins:
 * found only for an error, by a scan of the text.
 */
function lineOfString(text: string, index: number): number {
  let line = 0;
  let strings = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x0a) line++;
    if (code !== 0x22) continue;
    if (strings++ === index) return line;
    for (at++; at < text.length && text.charCodeAt(at) !== 0x22; at++) if (text.charCodeAt(at) === 0x5c) at++;
  }
  return line;
}

/**
 * Reading an input file, or standard input for `-`: the size limit, UTF-8, and file-system errors in
 * the one wording (./file-errors.ts).
 */
import { UsageError } from '../exit-codes.js';
import { fileSystemMessage, isADirectory, kindOfFile } from './file-errors.js';
import { formatSize, MAX_INPUT_BYTES } from './limits.js';

export type Stdin = NodeJS.ReadableStream & { isTTY?: boolean };

/**
 * Reads an input file, or standard input for `-`. Errors are usage errors naming the file.
 * `what` names the content: 'plan', 'query', or a name that ends in "file" ('access file').
 */
export async function readInputFile(file: string, stdin: Stdin, what = 'plan', limit = MAX_INPUT_BYTES): Promise<{ name: string; text: string }> {
  if (file === '-') {
    if (stdin.isTTY) throw new UsageError(`reading the ${what} from standard input, which is a terminal; pipe it in or name a file`);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stdin) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += buffer.length;
      if (size > limit) throw new UsageError(`<stdin>: the ${what} is larger than ${formatSize(limit)}`);
      chunks.push(buffer);
    }
    return { name: '<stdin>', text: decodeUtf8(Buffer.concat(chunks), '<stdin>') };
  }
  const { readFile, stat } = await import('node:fs/promises');
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new UsageError(`${file}: ${isADirectory(kindOfFile(what))}`);
    if (info.size > limit) throw new UsageError(`${file}: the ${what} is larger than ${formatSize(limit)}`);
    return { name: file, text: decodeUtf8(await readFile(file), file) };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(fileSystemMessage(file, error, what));
  }
}

/** The text of a UTF-8 file; a usage error naming it when it is not UTF-8. */
function decodeUtf8(buffer: Buffer, name: string): string {
  const text = buffer.toString('utf8');
  if (text.includes('\uFFFD') && !buffer.includes(Buffer.from('\uFFFD'))) {
    throw new UsageError(`${name}: not UTF-8 text`);
  }
  return text;
}

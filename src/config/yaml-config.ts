/** YAML config files, read with the same library as plan files (see ./loaders.ts). */
import { type Document, LineCounter } from 'yaml';
import { UsageError } from '../exit-codes.js';
import { tooDeepMessage } from '../input/limits.js';
import { NestingTooDeep, parseYamlDocument } from '../input/yaml-document.js';
import { firstLine, lineAndColumn } from '../util/syntax.js';

export function parseYamlConfig(file: string, text: string): unknown {
  const lineCounter = new LineCounter();
  let document: Document;
  try {
    document = parseYamlDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  } catch (error) {
    if (!(error instanceof NestingTooDeep)) throw error;
    const { line, column } = lineAndColumn(text, error.offset);
    throw new UsageError(`${file}:${line}:${column}: ${tooDeepMessage()}`);
  }
  const [error] = document.errors;
  if (error) {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    throw new UsageError(`${file}:${line}:${col}: ${error.code === 'DUPLICATE_KEY' ? 'duplicate key' : 'invalid YAML'}: ${firstLine(error.message)}`);
  }
  return document.toJS({ maxAliasCount: 100 });
}

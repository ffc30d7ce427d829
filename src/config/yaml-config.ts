/** YAML config files, read with the same library as plan files (see ./loaders.ts). */
import { LineCounter, parseDocument } from 'yaml';
import { UsageError } from '../exit-codes.js';
import { firstLine } from '../util/syntax.js';

export function parseYamlConfig(file: string, text: string): unknown {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const [error] = document.errors;
  if (error) {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    throw new UsageError(`${file}:${line}:${col}: ${error.code === 'DUPLICATE_KEY' ? 'duplicate key' : 'invalid YAML'}: ${firstLine(error.message)}`);
  }
  return document.toJS({ maxAliasCount: 100 });
}

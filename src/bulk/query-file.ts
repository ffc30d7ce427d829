/**
 * A --query FILE for a query endpoint whose body the tool does not model field by field (POST /job,
 * POST /external-task): JSON or YAML, an object, and only the fields the engine's query DTO has. The
 * engine ignores a field it does not know, so a misspelt filter would select everything: refused,
 * with file, line and column, before anything is sent.
 */
import { InputError } from '../input/problems.js';
import { parseStructured } from '../input/structured.js';
import * as places from '../input/places.js';
import { didYouMean } from '../util/suggest.js';
import type { QueryBody } from './object-kind.js';

export function parseQueryBody(text: string, file: string, fields: readonly string[], dto: string): QueryBody {
  const parsed = parseStructured(text, file, 'query', { allowed: () => [...fields], places });
  const data = parsed.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new InputError([parsed.at([], `a query is an object of ${dto}'s fields`)]);
  }
  const unknown = Object.keys(data).filter((key) => !fields.includes(key));
  if (unknown.length > 0) {
    throw new InputError(
      unknown.map((key) => parsed.at([key], `unknown property${didYouMean(key, fields)}: ${dto} has no such field, and the engine would ignore it`, 'key')),
    );
  }
  return data as QueryBody;
}

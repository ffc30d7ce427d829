/**
 * JSON or YAML input text as data, decided by content, with every problem placed at its line and
 * column: syntax errors, duplicate keys, the limits of ./limits.ts (size of lines, nesting, aliases)
 * and forbidden control characters. Whatever the text holds (aliases, nesting, control characters),
 * reading it ends in time and memory bounded by its size (src/input/limits.ts).
 *
 * Speed: JSON.parse reads JSON, js-yaml (as published, core schema) reads YAML; both build plain
 * data fast (an access file of 10,000 authorizations in tens of milliseconds, `npm run bench`). The
 * yaml library's Document, which knows where every value is but takes about a second and 200 MB for
 * that file, is built only when a problem needs a place, or when js-yaml refuses the text (then the
 * Document decides, so what is accepted and how errors read is the yaml library's). The library itself
 * is loaded only then too (./place-loader.ts, `options.places`).
 */
import { CORE_SCHEMA, load as loadYaml, type LoadOptions } from 'js-yaml';
import * as core from 'zod/v4/core';
import { firstLine, jsonSyntaxProblem, lineAndColumn, withoutBom } from '../util/syntax.js';
import { visibleControls } from '../util/text.js';
import { exceedsAliasPolicy } from './aliases.js';
import {
  controlCharacterMessage,
  findControlCharacters,
  jsonDepthProblem,
  longLineProblem,
  MAX_ALIAS_VALUES,
  MAX_DEPTH,
  MAX_DOCUMENT_CHARS,
  tooDeepMessage,
} from './limits.js';
import { type PlacesAccess, placesOf } from './place-loader.js';
import type { PlacedDocument } from './places.js';
import { byPosition, formatPath, InputError, type InputProblem } from './problems.js';
import { describeIssue, type IssueWording } from './zod-issues.js';

export type ValuePath = readonly (string | number)[];

export interface StructuredText {
  format: 'json' | 'yaml';
  data: unknown;
  offsetOf(path: readonly PropertyKey[], at?: 'key' | 'value'): number;
  problem(offset: number, path: readonly PropertyKey[], message: string): InputProblem;
  /** A problem at the place of `path` (its key with at: 'key'). */
  at(path: readonly PropertyKey[], message: string, at?: 'key' | 'value'): InputProblem;
  /** zod issues as problems at their place in the file, in the one wording (./zod-issues.ts). */
  issues(error: core.$ZodError, prefix?: readonly (string | number)[]): InputProblem[];
}

export interface StructuredOptions extends IssueWording {
  /** Which values are data rather than names (a variable's value), where only NUL is refused. */
  freeText?: ((path: ValuePath) => boolean) | undefined;
  /** YAML whatever the text starts with (a YAML config file may begin with a flow mapping); default: by content. */
  format?: 'yaml' | undefined;
  /**
   * The yaml library that places problems (./places.ts): the module, or on demand inside
   * `withPlaces` (./place-loader.ts), which runs the parse again once it is loaded.
   */
  places: PlacesAccess;
}

/** As ./problems.ts InputError, or another class of it (a plan's PlanError). */
export type ProblemsError = new (problems: InputProblem[]) => InputError;

/**
 * `text` as data. `what` names the content in messages ('plan', 'access file'); problems are thrown
 * as `error` (InputError unless given).
 */
export function parseStructured(text: string, file: string, what: string, options: StructuredOptions, error: ProblemsError = InputError): StructuredText {
  const { freeText = () => false } = options;
  const source = withoutBom(text);
  const format = options.format !== 'yaml' && /^\s*[{[]/.test(source) ? 'json' : 'yaml';
  // Before anything is parsed, a problem is placed by a scan of the text.
  const early = (problem: { offset: number; message: string }): InputError => {
    const { line, column } = lineAndColumn(source, problem.offset);
    return new error([{ file, line, column, path: '', message: problem.message }]);
  };
  let parsed: PlacedDocument | undefined;
  const placed = (): PlacedDocument => {
    if (parsed) return parsed;
    const places = placesOf(options.places);
    try {
      return (parsed = places.openDocument(source));
    } catch (thrown) {
      if (thrown instanceof places.NestingTooDeep) throw early({ offset: thrown.offset, message: tooDeepMessage() });
      throw thrown;
    }
  };
  const problem = (offset: number, path: readonly PropertyKey[], message: string): InputProblem => {
    const position = placed().linePos(offset);
    return { file, line: position.line, column: position.col, path: formatPath(path), message };
  };
  if (source.trim() === '') throw new error([{ file, line: 1, column: 1, path: '', message: `the ${what} is empty` }]);
  const tooLong = longLineProblem(source);
  if (tooLong) throw early(tooLong);

  let data: unknown;
  if (format === 'json') {
    const tooDeep = jsonDepthProblem(source);
    if (tooDeep) throw early(tooDeep);
    const jsonProblem = jsonSyntaxProblem(source);
    if (jsonProblem) throw new error([problem(jsonProblem.offset, [], `invalid JSON: ${jsonProblem.message}`)]);
    const json: unknown = JSON.parse(source);
    // JSON.parse keeps the last of duplicate keys without a word: the Document finds them.
    if (keysInText(source) === keysIn(json)) data = json;
  } else {
    const fast = readYamlFast(source);
    // The Document of a text this large would take gigabytes: js-yaml's own words and place then.
    if (fast.refusal && source.length > MAX_DOCUMENT_CHARS) throw early({ offset: fast.refusal.offset, message: `invalid YAML: ${fast.refusal.reason}` });
    data = fast.data;
  }
  if (data === undefined) {
    const built = placed().document;
    if (built.errors.length > 0) {
      throw new error(
        built.errors.map((found) =>
          problem(
            found.pos[0],
            [],
            `${found.code === 'DUPLICATE_KEY' ? 'duplicate key' : `invalid ${format === 'json' ? 'JSON' : 'YAML'}`}: ${firstLine(found.message)}`,
          ),
        ),
      );
    }
    const aliases = placesOf(options.places).aliasPolicyProblem(built);
    if (aliases) throw new error([problem(aliases.offset, [], aliases.message)]);
    try {
      data = built.toJS({ maxAliasCount: -1 });
    } catch (thrown) {
      // The checks above leave nothing for toJS to refuse; should it still, that is a problem of the file.
      throw new error([problem(0, [], `invalid YAML: ${firstLine(thrown instanceof Error ? thrown.message : String(thrown))}`)]);
    }
  }
  const offsetOf = (path: readonly PropertyKey[], at: 'key' | 'value' = 'value'): number => placesOf(options.places).offsetIn(placed().document, path, at);
  const controls = findControlCharacters(data, freeText);
  if (controls.length > 0) {
    throw new error(
      byPosition(controls.map((found) => problem(offsetOf(found.path, found.inKey ? 'key' : 'value'), found.path, controlCharacterMessage(found)))),
    );
  }
  const at = (path: readonly PropertyKey[], message: string, place?: 'key' | 'value') => problem(offsetOf(path, place), path, message);
  return {
    format,
    data,
    offsetOf,
    problem,
    at,
    issues: (zodError, prefix = []) =>
      byPosition(
        zodError.issues.flatMap((issue) =>
          describeIssue({ ...issue, path: [...prefix, ...issue.path] } as core.$ZodIssue, options).map((described) =>
            at(described.path, described.message, described.at),
          ),
        ),
      ),
  };
}

/**
 * The data of YAML text by js-yaml, or undefined when the Document must decide: js-yaml refuses the
 * text (a syntax error, a duplicate key, a NUL byte, nesting past the limit), or aliases in it may
 * break the alias policy (./aliases.ts), which the Document then places.
 */
const ALIAS = /(?:^|[\s[{,])\*[^\s,[\]{}]/;

function readYamlFast(source: string): { data?: unknown; refusal?: { offset: number; reason: string } } {
  let data: unknown;
  try {
    // maxDepth counts every node, scalars too, so it refuses no file the Document would accept
    // within MAX_DEPTH collections; what it refuses, the Document decides.
    // (maxDepth is newer than @types/js-yaml.)
    data = loadYaml(source, { schema: CORE_SCHEMA, maxDepth: MAX_DEPTH } as LoadOptions);
  } catch (thrown) {
    const { mark, reason } = thrown as { mark?: { position?: number }; reason?: string };
    return { refusal: { offset: Math.min(mark?.position ?? 0, source.length), reason: visibleControls(reason ?? 'not YAML') } };
  }
  // Without an alias every value is written in the text, and js-yaml has bounded the nesting. An
  // alias starts a node: `*` after a space, a line break or a flow indicator, never after a quote,
  // so the `'*'` of an access file (every resource id) does not cost a walk of its data.
  if (!ALIAS.test(source)) return { data };
  return exceedsAliasPolicy(data, source.length + 1 + MAX_ALIAS_VALUES) ? {} : { data };
}

/**
 * Object keys in JSON text: every string followed by a colon is one. JSON.parse keeps the last of
 * duplicate keys without a word; fewer keys in its result than in the text means there were some.
 * A loop, not a regular expression: a backtracking match of a string tens of megabytes long ran out
 * of stack ("Maximum call stack size exceeded").
 */
function keysInText(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) !== 0x22 /* " */) continue;
    for (index++; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code === 0x5c /* \ */) index++;
      else if (code === 0x22) break;
    }
    let after = index + 1;
    while (after < text.length && isJsonSpace(text.charCodeAt(after))) after++;
    if (text.charCodeAt(after) === 0x3a /* : */) count++;
  }
  return count;
}

function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function keysIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + keysIn(item), 0);
  if (value === null || typeof value !== 'object') return 0;
  let count = 0;
  for (const item of Object.values(value)) count += 1 + keysIn(item);
  return count;
}

/**
 * Any small JSON or YAML input file checked against a strict zod schema, with problems reported as
 * for plans (file:line:column: path: message).
 */
export function parseCheckedFile<T>(
  text: string,
  file: string,
  shape: { what: string; schema: core.$ZodType<T>; allowed: (path: ValuePath) => string[]; places: PlacesAccess },
): T {
  const { what, schema, allowed, places } = shape;
  const parsedText = parseStructured(text, file, what, { allowed, places });
  const parsed = core.safeParse(schema, parsedText.data, { reportInput: true });
  if (!parsed.success) throw new InputError(parsedText.issues(parsed.error));
  return parsed.data as T;
}

/**
 * The one wording of schema (zod) problems in input files: `required`, `expected a list, got the
 * string "x"`, `unknown property (did you mean 'name'?)`, each at its place in the file.
 */
import en from 'zod/v4/locales/en.js';
import type * as core from 'zod/v4/core';
import { closest } from '../util/suggest.js';

export interface IssueWording {
  /** The keys allowed at a path, for "did you mean". */
  allowed: (path: readonly (string | number)[]) => string[];
  /** What follows "unknown property (did you mean …?)"; default: that the engine would silently ignore it. */
  unknownNote?: string | undefined;
  /**
   * The message for a key allowed somewhere at this path but refused in the file's shape (a plan's
   * key at the top of an execute request); default: that the engine would ignore it here.
   */
  misplaced?: ((path: readonly (string | number)[], key: string) => string) | undefined;
}

export interface IssueMessage {
  /** The path the problem is about: the unknown key's own for unknown keys. */
  path: (string | number)[];
  /** Whether it points at a key (unknown properties) or at the value. */
  at: 'key' | 'value';
  message: string;
}

/** Every problem one zod issue stands for (an unknown-keys issue is one per key). */
export function describeIssue(issue: core.$ZodIssue, wording: IssueWording): IssueMessage[] {
  const path = issue.path as (string | number)[];
  if (issue.code === 'unrecognized_keys') {
    const allowed = wording.allowed(path);
    return issue.keys.map((key) => {
      if (allowed.includes(key)) {
        const message = wording.misplaced?.(path, key) ?? 'not allowed here; the engine would silently ignore it';
        return { path: [...path, key], at: 'key', message };
      }
      const near = closest(key, allowed);
      const hint = near.length > 0 ? ` (did you mean '${near[0]}'?)` : '';
      return { path: [...path, key], at: 'key', message: `unknown property${hint}${wording.unknownNote ?? '; the engine would silently ignore it'}` };
    });
  }
  return [{ path, at: 'value', message: issueMessage(issue) }];
}

const english = en().localeError;

/**
 * zod's own message, which the house wording replaces, or a schema's own (the config file's "'soon'
 * is not a number of seconds"), which is kept.
 */
function hasOwnMessage(issue: core.$ZodIssue): boolean {
  const standard = english(issue as unknown as core.$ZodRawIssue);
  return issue.message !== (typeof standard === 'string' ? standard : standard?.message);
}

export function issueMessage(issue: core.$ZodIssue): string {
  if (hasOwnMessage(issue)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'required';
      if (issue.input === null && issue.path[issue.path.length - 1] === 'type') {
        // YAML reads an unquoted Null (the engine's type name) as null.
        return 'expected a string, got null (in YAML write "Null" in quotes: unquoted, it is YAML\'s null)';
      }
      return `expected ${article(issue.expected)}, got ${describeValue(issue.input)}`;
    case 'too_small':
      return issue.origin === 'string' ? 'must not be empty' : issue.message;
    case 'invalid_value':
      if (issue.input === undefined) return 'required';
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    default:
      return issue.message;
  }
}

function article(type: string): string {
  const names: Record<string, string> = {
    array: 'a list',
    object: 'an object',
    record: 'an object',
    string: 'a string',
    boolean: 'true or false',
    number: 'a number',
  };
  return names[type] ?? type;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value === 'number' ? 'the number' : typeof value} ${String(value)}`;
}

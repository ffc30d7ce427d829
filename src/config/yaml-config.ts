/**
 * The config file through the input layer (src/input/): YAML read as plan files are (bounded aliases
 * and nesting, problems with file:line:col), and every problem of its shape placed in the file.
 * Loaded only when a YAML config file exists or a config file has a problem (./loaders.ts, ./load.ts).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type * as core from 'zod/v4/core';
import { type CliError, UsageError } from '../exit-codes.js';
import { InputError, type InputProblem } from '../input/problems.js';
import { parseStructured, type StructuredText } from '../input/structured.js';
import * as places from '../input/places.js';
import { issueMessage } from '../input/zod-issues.js';

const TOP_KEYS = ['$schema', 'defaultProfile', 'profiles'];
const PROFILE_KEYS = ['url', 'engine', 'auth', 'timeout', 'retries', 'caFile', 'insecure', 'certFile', 'keyFile', 'maxResultsLimit'];
const AUTH_KEYS = ['type', 'username', 'password', 'token'];

function allowedKeys(path: readonly (string | number)[]): string[] {
  if (path.length === 0) return TOP_KEYS;
  if (path.length === 2 && path[0] === 'profiles') return PROFILE_KEYS;
  if (path.length === 3 && path[0] === 'profiles' && path[2] === 'auth') return AUTH_KEYS;
  return [];
}

function structured(file: string, text: string, format?: 'yaml'): StructuredText {
  // Values are data (a password may hold any character): only NUL is refused.
  return parseStructured(text, file, 'config file', { allowed: allowedKeys, unknownNote: '', freeText: () => true, format, places });
}

export function parseYamlConfig(file: string, text: string): unknown {
  return structured(file, text, 'yaml').data;
}

export interface ConfigProblem {
  path: readonly (string | number)[];
  message: string;
}

/**
 * Every schema issue (and problem of `${VAR}` references) of a config file, each at its place:
 * `FILE:LINE:COL: profiles.a.urll: unknown property (did you mean 'url'?)`. `prefix` is where the
 * validated value sits (a profile). A JavaScript config has no text to place them in: the path alone.
 */
export function configProblems(
  file: string,
  found: { error?: core.$ZodError; problems?: ConfigProblem[] },
  prefix: readonly (string | number)[] = [],
): CliError {
  const name = basename(file);
  const inPackage = name === 'package.json';
  const hasText = inPackage || !/\.[cm]?[jt]s$/.test(name);
  const root = inPackage ? ['camunda-admin'] : [];
  if (hasText) {
    const text = readFileSync(file, 'utf8');
    const parsed = structured(file, text, /\.json$/.test(name) ? undefined : 'yaml');
    const problems: InputProblem[] = [
      ...(found.error ? parsed.issues(found.error, [...root, ...prefix]) : []),
      ...(found.problems ?? []).map((problem) => parsed.at([...root, ...problem.path], problem.message)),
    ];
    return new InputError(problems);
  }
  const lines = [
    ...(found.error?.issues ?? []).map((issue) => ({
      path: [...prefix, ...(issue.path as (string | number)[])],
      message: issue.code === 'unrecognized_keys' ? `unknown property ${issue.keys.map((key) => `'${key}'`).join(', ')}` : issueMessage(issue),
    })),
    ...(found.problems ?? []),
  ];
  return new UsageError(lines.map((line) => `${file}: ${line.path.length > 0 ? `${line.path.join('.')}: ` : ''}${line.message}`).join('\n'));
}

/**
 * cosmiconfig's loaders for JSON and YAML config files, replacing its defaults: YAML is read with the
 * same library as plan files, and a syntax error names the file, line and column (cosmiconfig's own
 * loaders report neither).
 */
import { UsageError } from '../exit-codes.js';
import { formatSize, jsonDepthProblem, MAX_CONFIG_BYTES } from '../input/limits.js';
import { jsonSyntaxProblem, lineAndColumn, withoutBom } from '../util/syntax.js';

export function loadJsonConfig(file: string, content: string): unknown {
  const text = withoutBom(content);
  const limit = checkConfigText(text) ?? jsonDepthProblem(text);
  if (limit) throw positioned(file, text, limit.offset, limit.message);
  const problem = jsonSyntaxProblem(text);
  if (problem) throw positioned(file, text, problem.offset, `invalid JSON: ${problem.message}`);
  return JSON.parse(text);
}

export async function loadYamlConfig(file: string, content: string): Promise<unknown> {
  const text = withoutBom(content);
  const limit = checkConfigText(text);
  if (limit) throw positioned(file, text, limit.offset, limit.message);
  // The YAML library loads only when a YAML config file exists.
  const { parseYamlConfig } = await import('./yaml-config.js');
  return parseYamlConfig(file, text);
}

/**
 * The size was checked before cosmiconfig read the file; this catches a file that grew since, or a
 * package.json. It also bounds every line, far below MAX_LINE_CHARS.
 */
function checkConfigText(text: string): { offset: number; message: string } | undefined {
  if (text.length > MAX_CONFIG_BYTES) return { offset: 0, message: `the config file is larger than ${formatSize(MAX_CONFIG_BYTES)}` };
  return undefined;
}

function positioned(file: string, text: string, offset: number, message: string): UsageError {
  const { line, column } = lineAndColumn(text, offset);
  return new UsageError(`${file}:${line}:${column}: ${message}`);
}

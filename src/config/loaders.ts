/**
 * cosmiconfig's loaders for JSON and YAML config files, replacing its defaults: YAML is read with the
 * same library as plan files, and a syntax error names the file, line and column (cosmiconfig's own
 * loaders report neither).
 */
import { UsageError } from '../exit-codes.js';
import { jsonSyntaxProblem, lineAndColumn, withoutBom } from '../util/syntax.js';

export function loadJsonConfig(file: string, content: string): unknown {
  const text = withoutBom(content);
  const problem = jsonSyntaxProblem(text);
  if (problem) {
    const { line, column } = lineAndColumn(text, problem.offset);
    throw new UsageError(`${file}:${line}:${column}: invalid JSON: ${problem.message}`);
  }
  return JSON.parse(text);
}

export async function loadYamlConfig(file: string, content: string): Promise<unknown> {
  // The YAML library loads only when a YAML config file exists.
  const { parseYamlConfig } = await import('./yaml-config.js');
  return parseYamlConfig(file, withoutBom(content));
}

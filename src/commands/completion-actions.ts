/** What `completion` does (declared in ./completion.ts). */
import type { Command } from 'commander';
import type { App } from '../app.js';
import { AUTHORIZATION_TYPES, RESOURCE_TYPES } from '../catalogue/authorization.js';
import { BATCH_TYPES } from '../catalogue/batches.js';
import { INCIDENT_TYPES } from '../catalogue/incidents.js';
import { METRIC_NAMES } from '../catalogue/metrics.js';
import { completionScript, isShell, SHELLS, type ValueHint } from '../completion/generate.js';
import { UsageError } from '../exit-codes.js';
import { closest } from '../util/suggest.js';
import { type CompletionSource, SpecArgument, SpecOption } from './spec.js';

/** The catalogue values behind each source a flag spec names. */
const VALUES: Record<CompletionSource, () => readonly string[]> = {
  'authorization-types': () => AUTHORIZATION_TYPES.map((type) => type.name),
  'resource-types': () => RESOURCE_TYPES.map((type) => type.name),
  'sort-orders': () => ['asc', 'desc'],
  // Sum-only metrics (the task meter log) have no intervals: metrics list refuses them.
  'interval-metric-names': () => METRIC_NAMES.filter((metric) => !metric.sumOnly).map((metric) => metric.name),
  'metric-names': () => METRIC_NAMES.map((metric) => metric.name),
  'batch-types': () => BATCH_TYPES,
  'incident-types': () => INCIDENT_TYPES,
  shells: () => SHELLS,
};

/**
 * The values the catalogues know and commander does not, for every option and operand whose spec
 * names a completion source (./spec.ts): choices declared on options need no hint.
 */
export function completionHints(program: Command): ValueHint[] {
  const hints: ValueHint[] = [];
  const visit = (command: Command, path: readonly string[]): void => {
    for (const option of command.options) {
      if (option instanceof SpecOption && option.completes !== undefined)
        hints.push({ command: path.join(' '), option: option.long ?? option.short!, values: VALUES[option.completes]() });
    }
    command.registeredArguments.forEach((argument, index) => {
      if (argument instanceof SpecArgument && argument.completes !== undefined)
        hints.push({ command: path.join(' '), argument: index, values: VALUES[argument.completes]() });
    });
    for (const child of command.commands) visit(child, [...path, child.name()]);
  };
  visit(program, []);
  return hints;
}

/** commander passes the shell, the command's options and the command, whose parent is the program. */
export async function printCompletionScript(app: App, shell: string, _options: unknown, command: Command): Promise<void> {
  const name = shell.trim().toLowerCase();
  if (!isShell(name)) {
    const [near] = closest(name, SHELLS, 1);
    throw new UsageError(`unknown shell '${shell}'${near ? ` (did you mean ${near}?)` : ''}: completion scripts exist for ${SHELLS.join(', ')}`);
  }
  const program = command.parent!;
  const script = completionScript(name, program, completionHints(program));
  (await app.output()).raw(script);
}

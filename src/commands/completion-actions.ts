/** What `completion` does (declared in ./completion.ts). */
import type { Command } from 'commander';
import type { App } from '../app.js';
import { AUTHORIZATION_TYPES, RESOURCE_TYPES } from '../catalogue/authorization.js';
import { BATCH_TYPES } from '../catalogue/batches.js';
import { METRIC_NAMES } from '../catalogue/metrics.js';
import { completionScript, isShell, SHELLS, type ValueHint } from '../completion/generate.js';
import { UsageError } from '../exit-codes.js';
import { closest } from '../util/suggest.js';

/** Values the catalogues know and commander does not (choices declared on options need no hint). */
export function completionHints(): ValueHint[] {
  const metricNames = METRIC_NAMES.map((metric) => metric.name);
  return [
    { command: 'auth', option: '--type', values: AUTHORIZATION_TYPES.map((type) => type.name) },
    { command: 'auth', option: '--resource-type', values: RESOURCE_TYPES.map((type) => type.name) },
    { command: 'access export', option: '--resource-type', values: RESOURCE_TYPES.map((type) => type.name) },
    { command: '', option: '--sort-order', values: ['asc', 'desc'] },
    // Sum-only metrics (the task meter log) have no intervals: metrics list refuses them.
    { command: 'metrics list', option: '--name', values: METRIC_NAMES.filter((metric) => !metric.sumOnly).map((metric) => metric.name) },
    { command: 'metrics sum', argument: 0, values: metricNames },
    { command: 'batch list', option: '--type', values: BATCH_TYPES },
    { command: 'completion', argument: 0, values: SHELLS },
  ];
}

/** commander passes the shell, the command's options and the command, whose parent is the program. */
export async function printCompletionScript(app: App, shell: string, _options: unknown, command: Command): Promise<void> {
  const name = shell.trim().toLowerCase();
  if (!isShell(name)) {
    const [near] = closest(name, SHELLS, 1);
    throw new UsageError(`unknown shell '${shell}'${near ? ` (did you mean ${near}?)` : ''}: completion scripts exist for ${SHELLS.join(', ')}`);
  }
  const script = completionScript(name, command.parent!, completionHints());
  (await app.output()).raw(script);
}

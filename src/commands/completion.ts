/**
 * `completion bash|zsh|fish`: prints a completion script generated from the command definitions
 * (src/completion/generate.ts), with the catalogue values (resource types, metric names) as fixed
 * values. The generator and the catalogues load only when the command runs.
 */
import type { Command } from 'commander';
import type { App } from '../app.js';
import type { ValueHint } from '../completion/generate.js';
import { UsageError } from '../exit-codes.js';

/** Values the catalogues know and commander does not (choices declared on options need no hint). */
export async function completionHints(): Promise<ValueHint[]> {
  const [{ AUTHORIZATION_TYPES, RESOURCE_TYPES }, { METRIC_NAMES }, { SHELLS }] = await Promise.all([
    import('../catalogue/authorization.js'),
    import('../catalogue/metrics.js'),
    import('../completion/generate.js'),
  ]);
  const metricNames = METRIC_NAMES.map((metric) => metric.name);
  return [
    { command: 'auth', option: '--type', values: AUTHORIZATION_TYPES.map((type) => type.name) },
    { command: 'auth', option: '--resource-type', values: RESOURCE_TYPES.map((type) => type.name) },
    { command: '', option: '--sort-order', values: ['asc', 'desc'] },
    // Sum-only metrics (the task meter log) have no intervals: metrics list refuses them.
    { command: 'metrics list', option: '--name', values: METRIC_NAMES.filter((metric) => !metric.sumOnly).map((metric) => metric.name) },
    { command: 'metrics sum', argument: 0, values: metricNames },
    { command: 'completion', argument: 0, values: SHELLS },
  ];
}

export function registerCompletionCommand(program: Command, app: App): void {
  program
    .command('completion')
    .description('print a shell completion script: bash, zsh or fish')
    .argument('<shell>', 'bash, zsh or fish')
    .addHelpText(
      'after',
      `
Completes commands, flags, and fixed values: -o formats, auth --type and --resource-type, --sort-order,
metric names, file names where a file is expected.

Load it in the current shell, or install it for new ones:
  bash  source <(camunda-admin completion bash)
        camunda-admin completion bash > ~/.local/share/bash-completion/completions/camunda-admin
  zsh   source <(camunda-admin completion zsh)           (after compinit)
        camunda-admin completion zsh > "\${fpath[1]}/_camunda_admin"
  fish  camunda-admin completion fish > ~/.config/fish/completions/camunda-admin.fish

Examples:
  $ camunda-admin completion bash > ~/.local/share/bash-completion/completions/camunda-admin
  $ echo 'source <(camunda-admin completion zsh)' >> ~/.zshrc
  $ camunda-admin completion fish > ~/.config/fish/completions/camunda-admin.fish`,
    )
    .action(async (shell: string) => {
      const { completionScript, isShell, SHELLS } = await import('../completion/generate.js');
      const name = shell.trim().toLowerCase();
      if (!isShell(name)) {
        const { closest } = await import('../runtime.js');
        const [near] = closest(name, SHELLS, 1);
        throw new UsageError(`unknown shell '${shell}'${near ? ` (did you mean ${near}?)` : ''}: completion scripts exist for ${SHELLS.join(', ')}`);
      }
      const script = completionScript(name, program, await completionHints());
      (await app.output()).raw(script);
    });
}

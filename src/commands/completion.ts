/**
 * `completion bash|zsh|fish`: prints a completion script generated from the command definitions
 * (src/completion/generate.ts), with the catalogue values (resource types, metric names) as fixed
 * values. What runs: ./completion-actions.ts.
 */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './completion-actions.js';
import { completingArgument } from './spec.js';

export function declareCompletionCommand(program: Command, action: ActionOf<typeof actions>): void {
  program
    .command('completion')
    .description('print a shell completion script: bash, zsh or fish')
    .addArgument(completingArgument('<shell>', 'bash, zsh or fish', 'shells'))
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
  fish  camunda-admin completion fish | source
        camunda-admin completion fish > ~/.config/fish/completions/camunda-admin.fish

Examples:
  $ camunda-admin completion bash > ~/.local/share/bash-completion/completions/camunda-admin
  $ echo 'source <(camunda-admin completion zsh)' >> ~/.zshrc
  $ camunda-admin completion fish > ~/.config/fish/completions/camunda-admin.fish`,
    )
    .action(action('printCompletionScript'));
}

/**
 * Shell completion scripts (bash, zsh, fish) generated from the commander tree, so the commands and
 * flags they offer are always the ones the program declares. Pure functions: a Command in, text out.
 *
 * Every script has the same shape: small lookup functions generated here from the command model
 * (./model.ts: `child`, `commands`, `flags`, `option`, `argument`), and the hand-written rest in
 * ./scripts/completion.{bash,zsh,fish}, loaded as text (esbuild's text loader; in tests a vitest
 * plugin), whose main function walks the words typed so far to find the command path and the number
 * of positional arguments, then completes the word at the cursor.
 */
import type { Command } from 'commander';
import { allCommands, type CompletionCommand, type CompletionOption, completionModel, type ValueHint, type ValueKind } from './model.js';
import bashTemplate from './scripts/completion.bash';
import fishTemplate from './scripts/completion.fish';
import zshTemplate from './scripts/completion.zsh';

export type { ValueHint } from './model.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

export function isShell(name: string): name is Shell {
  return (SHELLS as readonly string[]).includes(name);
}

/**
 * A script from its template: the lines starting with `#%` (notes on the template) left out, and each
 * `{{name}}` replaced by its text, in one pass (the generated text is not searched again).
 */
function fill(template: string, fields: Readonly<Record<string, string>>): string {
  return template.replace(/^#%.*\n/gm, '').replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    const text = fields[name];
    if (text === undefined) throw new Error(`completion template: nothing given for ${placeholder}`);
    return text;
  });
}

export function completionScript(shell: Shell, program: Command, hints: readonly ValueHint[] = []): string {
  const model = completionModel(program, hints);
  switch (shell) {
    case 'bash':
      return bashScript(model);
    case 'zsh':
      return zshScript(model);
    case 'fish':
      return fishScript(model);
  }
}

/** `camunda-admin` -> `_camunda_admin`. */
export function functionName(programName: string): string {
  return `_${programName.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/** POSIX single quoting (bash and zsh). */
function sq(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function pathText(command: CompletionCommand): string {
  return command.path.join(' ');
}

/**
 * A `case` over command paths giving each command's entries; `render` gives the right-hand side of a
 * clause. Commands with the same entries share a clause, and when all have the same (the help flags),
 * the default clause alone gives them.
 */
function pathCase(
  commands: readonly CompletionCommand[],
  clause: { entries: (command: CompletionCommand) => string[]; render: (entries: string[]) => string; indent: string; fallback: string },
): string[] {
  const { entries, render, indent, fallback } = clause;
  const groups = new Map<string, { paths: string[]; entries: string[] }>();
  for (const command of commands) {
    const list = entries(command);
    if (list.length === 0) continue;
    const key = list.join('\n');
    const group = groups.get(key) ?? { paths: [], entries: list };
    group.paths.push(pathText(command));
    groups.set(key, group);
  }
  const all = [...groups.values()];
  // When every command has the same entries, a default clause is enough.
  const common = all.length === 1 && all[0]!.paths.length === commands.length ? all[0] : undefined;
  const lines = all.filter((group) => group !== common).map((group) => `${indent}${group.paths.map(sq).join('|')}) ${render(group.entries)} ;;`);
  lines.push(`${indent}*) ${common ? render(common.entries) : fallback} ;;`);
  return lines;
}

/** The flags a command declares itself, without help (commands below it accept these too). */
function ownFlags(command: CompletionCommand): CompletionOption[] {
  return command.options.filter((option) => !option.help);
}

function helpFlags(command: CompletionCommand): CompletionOption[] {
  return command.options.filter((option) => option.help);
}

/** `values:a b c`, `files`, `directories` or `` (free text): what the generated `option`/`argument` functions put in REPLY. */
function kindWord(value: ValueKind): string {
  switch (value.type) {
    case 'free':
      return '';
    case 'files':
      return 'files';
    case 'directories':
      return 'directories';
    case 'values':
      return `values:${value.values.join(' ')}`;
  }
}

/**
 * The `case` patterns of the shared lookup functions (bash and zsh have the same case syntax).
 * The subject is "PATH|WORD", PATH being the command names joined by spaces.
 */
function sharedLookups(root: CompletionCommand, fn: string, indent = '  '): string[] {
  const commands = allCommands(root);
  const lines: string[] = [];
  const i1 = indent;
  const i2 = indent.repeat(2);

  lines.push(`# ${fn}_child PATH WORD: REPLY is the path of the subcommand WORD of PATH; fails if WORD is none.`);
  lines.push(`${fn}_child() {`, `${i1}case "$1|$2" in`);
  for (const command of commands) {
    for (const child of command.subcommands) {
      const words = [child.name, ...child.aliases].map((word) => sq(`${pathText(command)}|${word}`)).join('|');
      lines.push(`${i2}${words}) REPLY=${sq(pathText(child))} ;;`);
    }
  }
  lines.push(`${i2}*) return 1 ;;`, `${i1}esac`, `}`, '');

  lines.push(`# ${fn}_option PATH FLAG: succeeds if FLAG takes a value at PATH; REPLY is what the value can be`);
  lines.push(`# (values:WORDS, files, directories, or empty for free text).`);
  lines.push(`${fn}_option() {`, `${i1}case "$1|$2" in`);
  // Deepest declarations first, so a command's own option wins over an inherited one of the same name.
  const declared = commands
    .flatMap((command) => command.options.filter((option) => option.takesValue).map((option) => ({ command, option })))
    .sort((a, b) => b.command.path.length - a.command.path.length);
  for (const { command, option } of declared) {
    const path = pathText(command);
    const patterns = option.flags.flatMap((flag) =>
      command.path.length === 0 ? [`*${sq(`|${flag}`)}`] : [sq(`${path}|${flag}`), `${sq(`${path} `)}*${sq(`|${flag}`)}`],
    );
    lines.push(`${i2}${patterns.join('|')}) REPLY=${sq(kindWord(option.value))} ;;`);
  }
  lines.push(`${i2}*) return 1 ;;`, `${i1}esac`, `}`, '');

  lines.push(`# ${fn}_argument PATH N: succeeds if positional argument N (from 0) of PATH can be completed; REPLY as above.`);
  lines.push(`${fn}_argument() {`, `${i1}case "$1|$2" in`);
  for (const command of commands) {
    if (!command.arguments.some((argument) => argument.value.type !== 'free')) continue;
    command.arguments.forEach((argument, index) => {
      const subject = argument.variadic ? `${sq(`${pathText(command)}|`)}*` : sq(`${pathText(command)}|${index}`);
      lines.push(argument.value.type === 'free' ? `${i2}${subject}) return 1 ;;` : `${i2}${subject}) REPLY=${sq(kindWord(argument.value))} ;;`);
    });
  }
  lines.push(`${i2}*) return 1 ;;`, `${i1}esac`, `}`, '');
  return lines;
}

export function bashScript(root: CompletionCommand): string {
  const fn = functionName(root.name);
  const commands = allCommands(root);
  const lines: string[] = [];
  lines.push(`# ${fn}_commands PATH: REPLY is the subcommands of PATH; fails if it has none.`);
  lines.push(`${fn}_commands() {`, '  case "$1" in');
  for (const command of commands) {
    if (command.subcommands.length === 0) continue;
    lines.push(`    ${sq(pathText(command))}) REPLY=${sq(command.subcommands.flatMap((child) => [child.name, ...child.aliases]).join(' '))} ;;`);
  }
  lines.push('    *) return 1 ;;', '  esac', '}', '');

  const words = (options: CompletionOption[]) => options.flatMap((option) => option.flags);
  lines.push(`# ${fn}_flags PATH: REPLY is the flags PATH declares; the commands below it accept them too.`);
  lines.push(`${fn}_flags() {`, '  case "$1" in');
  lines.push(
    ...pathCase(commands, {
      entries: (command) => words(ownFlags(command)),
      render: (list) => `REPLY=${sq(list.join(' '))}`,
      indent: '    ',
      fallback: 'return 1',
    }),
  );
  lines.push('  esac', '}', '');
  lines.push(`# ${fn}_help PATH: REPLY is the help flags of PATH.`);
  lines.push(`${fn}_help() {`, '  case "$1" in');
  lines.push(
    ...pathCase(commands, {
      entries: (command) => words(helpFlags(command)),
      render: (list) => `REPLY=${sq(list.join(' '))}`,
      indent: '    ',
      fallback: "REPLY=''",
    }),
  );
  lines.push('  esac', '}', '');

  lines.push(...sharedLookups(root, fn));
  return fill(bashTemplate, { program: root.name, fn, lookups: lines.join('\n') });
}

/** `name:description` for zsh's _describe (a colon in the name would need escaping; names have none). */
function described(name: string, description: string): string {
  return sq(`${name}:${description}`);
}

export function zshScript(root: CompletionCommand): string {
  const fn = functionName(root.name);
  const commands = allCommands(root);
  const lines: string[] = [];
  lines.push(`# ${fn}_commands PATH: sets described to the subcommands of PATH (name:description); fails if it has none.`);
  lines.push(`${fn}_commands() {`, '  case "$1" in');
  for (const command of commands) {
    if (command.subcommands.length === 0) continue;
    const entries = command.subcommands.flatMap((child) => [child.name, ...child.aliases].map((name) => described(name, child.description)));
    lines.push(`    ${sq(pathText(command))}) described=(${entries.join(' ')}) ;;`);
  }
  lines.push('    *) return 1 ;;', '  esac', '}', '');

  const describedFlags = (options: CompletionOption[]) => options.flatMap((option) => option.flags.map((flag) => described(flag, option.description)));
  lines.push(`# ${fn}_flags PATH: sets described to the flags PATH declares (flag:description); the commands below it accept them too.`);
  lines.push(`${fn}_flags() {`, '  case "$1" in');
  lines.push(
    ...pathCase(commands, {
      entries: (command) => describedFlags(ownFlags(command)),
      render: (list) => `described=(${list.join(' ')})`,
      indent: '    ',
      fallback: 'return 1',
    }),
  );
  lines.push('  esac', '}', '');
  lines.push(`# ${fn}_help PATH: sets described to the help flags of PATH.`);
  lines.push(`${fn}_help() {`, '  case "$1" in');
  lines.push(
    ...pathCase(commands, {
      entries: (command) => describedFlags(helpFlags(command)),
      render: (list) => `described=(${list.join(' ')})`,
      indent: '    ',
      fallback: 'described=()',
    }),
  );
  lines.push('  esac', '}', '');

  lines.push(...sharedLookups(root, fn));
  return fill(zshTemplate, { program: root.name, fn, lookups: lines.join('\n') });
}

/** fish single quoting: only \ and ' are special inside. */
function fq(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

function fishFlag(flag: string): string {
  if (flag.startsWith('--')) return `-l ${fq(flag.slice(2))}`;
  return flag.length === 2 ? `-s ${fq(flag.slice(1))}` : `-o ${fq(flag.slice(1))}`;
}

function fishValue(value: ValueKind): string {
  switch (value.type) {
    case 'free':
      return '-x';
    case 'files':
      return '-r -F';
    case 'directories':
      return `-x -a ${fq('(__fish_complete_directories (commandline -ct))')}`;
    case 'values':
      return `-x -a ${fq(value.values.join(' '))}`;
  }
}

export function fishScript(root: CompletionCommand): string {
  const fn = `_${functionName(root.name)}`;
  const commands = allCommands(root);
  const c = `complete -c ${root.name}`;
  const lines: string[] = [];
  lines.push(`# ${fn}_child PATH WORD: prints the path of the subcommand WORD of PATH; fails if WORD is none.`);
  lines.push(`function ${fn}_child`, '    switch "$argv[1]|$argv[2]"');
  for (const command of commands) {
    for (const child of command.subcommands) {
      lines.push(
        `        case ${[child.name, ...child.aliases].map((word) => fq(`${pathText(command)}|${word}`)).join(' ')}`,
        `            echo ${fq(pathText(child))}`,
      );
    }
  }
  lines.push("        case '*'", '            return 1', '    end', 'end', '');

  lines.push(`# ${fn}_takes_value PATH FLAG: succeeds if FLAG takes a value at PATH (the next word is that value).`);
  lines.push(`function ${fn}_takes_value`, '    switch "$argv[1]|$argv[2]"');
  const patterns = commands.flatMap((command) =>
    command.options
      .filter((option) => option.takesValue)
      .flatMap((option) =>
        option.flags.flatMap((flag) =>
          command.path.length === 0 ? [fq(`*|${flag}`)] : [fq(`${pathText(command)}|${flag}`), fq(`${pathText(command)} *|${flag}`)],
        ),
      ),
  );
  if (patterns.length > 0) lines.push(`        case ${patterns.join(' ')}`, '            return 0');
  lines.push('    end', '    return 1', 'end', '');

  const completions: string[] = [];
  // Options: each once, where it is declared; it applies there and below. The help option is the
  // root's for every command.
  const rootFlags = new Set(root.options.flatMap((option) => option.flags.join(' ')));
  for (const command of commands) {
    const condition = command.path.length === 0 ? '' : ` -n ${fq(`${fn}_under ${fq(pathText(command))}`)}`;
    for (const option of command.options) {
      if (command.path.length > 0 && option.help && rootFlags.has(option.flags.join(' '))) continue;
      const value = option.takesValue ? ` ${fishValue(option.value)}` : '';
      completions.push(`${c}${condition} ${option.flags.map(fishFlag).join(' ')}${value} -d ${fq(option.description)}`);
    }
  }
  completions.push('');

  for (const command of commands) {
    for (const child of command.subcommands) {
      for (const name of [child.name, ...child.aliases]) {
        completions.push(`${c} -n ${fq(`${fn}_is ${fq(pathText(command))} 0`)} -a ${fq(name)} -d ${fq(child.description)}`);
      }
    }
  }
  completions.push('');

  for (const command of commands) {
    command.arguments.forEach((argument, index) => {
      if (argument.value.type === 'free') return;
      const condition = fq(`${fn}_is ${fq(pathText(command))} ${index}${argument.variadic ? '+' : ''}`);
      const value =
        argument.value.type === 'files'
          ? '-F'
          : argument.value.type === 'directories'
            ? `-x -a ${fq('(__fish_complete_directories (commandline -ct))')}`
            : `-a ${fq(argument.value.values.join(' '))}`;
      completions.push(`${c} -n ${condition} ${value}`);
    });
  }
  return fill(fishTemplate, { program: root.name, fn, lookups: lines.join('\n'), completions: completions.join('\n') });
}

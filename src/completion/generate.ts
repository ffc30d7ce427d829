/**
 * Shell completion scripts (bash, zsh, fish) generated from the commander tree, so the commands and
 * flags they offer are always the ones the program declares. Pure functions: a Command in, text out.
 *
 * Fixed values come from two places: the choices declared on an option or argument
 * (`new Option(...).choices([...])`), and value hints the caller passes (catalogue values that
 * commander does not know, such as resource type names).
 *
 * Every script has the same shape: small lookup functions generated from the tree (`child`, `commands`,
 * `flags`, `option`, `argument`) and one hand-written function that walks the words typed so far to
 * find the command path and the number of positional arguments, then completes the word at the cursor.
 */
import type { Argument, Command, Option } from 'commander';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

export function isShell(name: string): name is Shell {
  return (SHELLS as readonly string[]).includes(name);
}

/** Values commander does not know about, for an option or a positional argument. */
export interface ValueHint {
  /**
   * A command path such as `auth` or `metrics sum`; the hint applies to that command and every command
   * below it. The empty string is every command.
   */
  command: string;
  /** A flag of the option (`--type`, or its short form). */
  option?: string;
  /** Or the index of a positional argument (0 is the first). */
  argument?: number;
  values: readonly string[];
}

/** What can be completed at a value position: nothing in particular, file names, or fixed values. */
type ValueKind = { type: 'free' } | { type: 'files' } | { type: 'directories' } | { type: 'values'; values: readonly string[] };

interface CompletionOption {
  /** Short and long flags, e.g. ['-o', '--output']. */
  flags: string[];
  description: string;
  /** True when the option needs a value (`--url <url>`); the next word is that value. */
  takesValue: boolean;
  value: ValueKind;
  /** The built-in help option, which every command has for itself. */
  help: boolean;
}

interface CompletionArgument {
  name: string;
  description: string;
  variadic: boolean;
  value: ValueKind;
}

export interface CompletionCommand {
  /** Command names from the root, e.g. ['auth', 'list']; [] for the program itself. */
  path: string[];
  name: string;
  aliases: string[];
  description: string;
  /** The command's own options, help included. */
  options: CompletionOption[];
  /** Options of its ancestors, which commander accepts here too (help excluded). */
  inheritedOptions: CompletionOption[];
  arguments: CompletionArgument[];
  subcommands: CompletionCommand[];
}

/** Placeholders that name a file: `<file>`, `<plan>`, `<instances-file>`. */
const FILE_PLACEHOLDER = /(^|[-_])(file|plan)s?$/i;
/** Placeholders that name a directory: `<dir>`, `<out-dir>`. */
const DIRECTORY_PLACEHOLDER = /(^|[-_])dir(ectory)?$/i;

/**
 * Words put into the scripts unquoted (compgen word lists, fish -a lists): no blanks, quotes,
 * globbing, expansion, or characters bash splits completion words at (`:` and `=`).
 */
const SAFE_WORD = /^[A-Za-z0-9_.,@%+/-]+$/;

function checkWord(word: string, what: string): string {
  if (!SAFE_WORD.test(word)) throw new Error(`completion: ${what} '${word}' has characters the completion scripts cannot carry`);
  return word;
}

/** The tree of commands, options and arguments the scripts are generated from. */
export function completionModel(program: Command, hints: readonly ValueHint[] = []): CompletionCommand {
  return describeCommand(program, [], [], hints);
}

function appliesTo(hint: ValueHint, path: readonly string[]): boolean {
  const prefix = hint.command.trim() === '' ? [] : hint.command.trim().split(/\s+/);
  return prefix.every((name, index) => path[index] === name);
}

function placeholder(option: Option): string | undefined {
  return /[<[]([^>\]]+)[>\]]/.exec(option.flags)?.[1]?.replace(/\.\.\.$/, '');
}

function describeOption(option: Option, path: readonly string[], hints: readonly ValueHint[], help: boolean): CompletionOption {
  const flags = [option.short, option.long].filter((flag): flag is string => flag !== undefined).map((flag) => checkWord(flag, 'flag'));
  const takesValue = option.required;
  const hint = hints.find((candidate) => candidate.option !== undefined && flags.includes(candidate.option) && appliesTo(candidate, path));
  const name = placeholder(option);
  let value: ValueKind = { type: 'free' };
  if (hint) value = { type: 'values', values: hint.values.map((word) => checkWord(word, `value of ${option.flags}`)) };
  else if (option.argChoices) value = { type: 'values', values: option.argChoices.map((word) => checkWord(word, `value of ${option.flags}`)) };
  else if (name !== undefined && FILE_PLACEHOLDER.test(name)) value = { type: 'files' };
  else if (name !== undefined && DIRECTORY_PLACEHOLDER.test(name)) value = { type: 'directories' };
  return { flags, description: oneLine(option.description), takesValue, value, help };
}

function describeArgument(argument: Argument, index: number, path: readonly string[], hints: readonly ValueHint[]): CompletionArgument {
  const hint = hints.find((candidate) => candidate.argument === index && candidate.option === undefined && appliesTo(candidate, path) && candidate.command.trim().split(/\s+/).filter(Boolean).length === path.length);
  let value: ValueKind = { type: 'free' };
  if (hint) value = { type: 'values', values: hint.values.map((word) => checkWord(word, `value of <${argument.name()}>`)) };
  else if (argument.argChoices) value = { type: 'values', values: argument.argChoices.map((word) => checkWord(word, `value of <${argument.name()}>`)) };
  else if (FILE_PLACEHOLDER.test(argument.name())) value = { type: 'files' };
  else if (DIRECTORY_PLACEHOLDER.test(argument.name())) value = { type: 'directories' };
  return { name: argument.name(), description: oneLine(argument.description), variadic: argument.variadic, value };
}

function describeCommand(command: Command, path: string[], inherited: CompletionOption[], hints: readonly ValueHint[]): CompletionCommand {
  const help = command.createHelp();
  const declared = new Set<Option>(command.options);
  const options = help.visibleOptions(command).map((option) => describeOption(option, path, hints, !declared.has(option)));
  const passedOn = [...inherited, ...options.filter((option) => !option.help)];
  // visibleCommands adds commander's implicit `help` command, which is not one of ours.
  const children = help.visibleCommands(command).filter((child) => command.commands.includes(child));
  return {
    path,
    name: checkWord(command.name(), 'command name'),
    aliases: command.aliases().map((alias) => checkWord(alias, 'command alias')),
    description: oneLine(command.summary() || command.description()),
    options,
    inheritedOptions: inherited,
    arguments: command.registeredArguments.map((argument, index) => describeArgument(argument, index, path, hints)),
    subcommands: children.map((child) => describeCommand(child, [...path, child.name()], passedOn, hints)),
  };
}

function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Every command of the tree, parents before children. */
export function allCommands(root: CompletionCommand): CompletionCommand[] {
  return [root, ...root.subcommands.flatMap(allCommands)];
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

function header(root: CompletionCommand, shell: Shell, install: string[]): string[] {
  return [
    `# ${shell} completion for ${root.name}, generated by \`${root.name} completion ${shell}\` from its command definitions.`,
    ...install.map((line) => `# ${line}`),
    '',
  ];
}

export function bashScript(root: CompletionCommand): string {
  const fn = functionName(root.name);
  const commands = allCommands(root);
  const lines = header(root, 'bash', [
    'Load it in this shell:    source <(camunda-admin completion bash)'.replaceAll('camunda-admin', root.name),
    `Install it for new ones:  ${root.name} completion bash > ~/.local/share/bash-completion/completions/${root.name}`,
  ]);

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
  lines.push(...pathCase(commands, { entries: (command) => words(ownFlags(command)), render: (list) => `REPLY=${sq(list.join(' '))}`, indent: '    ', fallback: 'return 1' }));
  lines.push('  esac', '}', '');
  lines.push(`# ${fn}_help PATH: REPLY is the help flags of PATH.`);
  lines.push(`${fn}_help() {`, '  case "$1" in');
  lines.push(...pathCase(commands, { entries: (command) => words(helpFlags(command)), render: (list) => `REPLY=${sq(list.join(' '))}`, indent: '    ', fallback: "REPLY=''" }));
  lines.push('  esac', '}', '');

  lines.push(...sharedLookups(root, fn));

  lines.push(
    `# ${fn}_reply KIND WORD [PREFIX]: COMPREPLY from a kind of value (see ${fn}_option).`,
    `${fn}_reply() {`,
    '  local kind=$1 cur=$2 prefix=${3-} item',
    '  COMPREPLY=()',
    '  case $kind in',
    '    files)',
    '      compopt -o filenames 2>/dev/null',
    '      while IFS= read -r item; do COMPREPLY+=("$prefix$item"); done < <(compgen -f -- "$cur")',
    '      ;;',
    '    directories)',
    '      compopt -o filenames 2>/dev/null',
    '      while IFS= read -r item; do COMPREPLY+=("$prefix$item"); done < <(compgen -d -- "$cur")',
    '      ;;',
    '    values:*)',
    '      while IFS= read -r item; do COMPREPLY+=("$prefix$item"); done < <(compgen -W "${kind#values:}" -- "$cur")',
    '      ;;',
    '  esac',
    '}',
    '',
    `${fn}() {`,
    '  local cur=${COMP_WORDS[COMP_CWORD]-} cmdpath=\'\' word expect=\'\' REPLY',
    '  local -i i=1 args=0 ended=0',
    '  COMPREPLY=()',
    '  # Walk the words before the cursor: subcommands extend the path, option values are skipped.',
    '  # bash splits --flag=value into three words (= is in COMP_WORDBREAKS), and a:b (a URL, invoice:1) too.',
    '  while (( i < COMP_CWORD )); do',
    '    word=${COMP_WORDS[i]}',
    '    if [[ $word == : || ${COMP_WORDS[i-1]} == : ]]; then',
    '      : # the rest of the word before the colon',
    '    elif [[ -n $expect ]]; then',
    '      [[ $word == = ]] || expect=\'\'',
    '    elif (( ended )); then',
    '      args=$((args + 1))',
    '    elif [[ $word == -- ]]; then',
    '      ended=1',
    '    elif [[ $word == -?* ]]; then',
    `      if [[ $word != *=* ]] && ${fn}_option "$cmdpath" "$word"; then expect=$word; fi`,
    `    elif (( args == 0 )) && ${fn}_child "$cmdpath" "$word"; then`,
    '      cmdpath=$REPLY',
    '    else',
    '      args=$((args + 1))',
    '    fi',
    '    i=$((i + 1))',
    '  done',
    '',
    '  if [[ -n $expect ]]; then',
    '    [[ $cur == = ]] && cur=\'\'',
    `    ${fn}_option "$cmdpath" "$expect" && ${fn}_reply "$REPLY" "$cur"`,
    '    return 0',
    '  fi',
    '  if (( ! ended )) && [[ $cur == --*=* ]]; then',
    `    ${fn}_option "$cmdpath" "\${cur%%=*}" && ${fn}_reply "$REPLY" "\${cur#*=}" "\${cur%%=*}="`,
    '    return 0',
    '  fi',
    '  if (( ! ended )) && [[ $cur == -* ]]; then',
    '    # The flags of the command and of every command above it, then its help flags.',
    '    local flags=\'\' prefix=$cmdpath',
    '    while :; do',
    `      ${fn}_flags "$prefix" && flags+=" $REPLY"`,
    '      [[ -z $prefix ]] && break',
    "      if [[ $prefix == *' '* ]]; then prefix=${prefix% *}; else prefix=''; fi",
    '    done',
    `    ${fn}_help "$cmdpath"`,
    `    ${fn}_reply "values:$flags $REPLY" "$cur"`,
    '    return 0',
    '  fi',
    `  if (( ! ended && args == 0 )) && ${fn}_commands "$cmdpath"; then`,
    `    ${fn}_reply "values:$REPLY" "$cur"`,
    '    return 0',
    '  fi',
    `  ${fn}_argument "$cmdpath" "$args" && ${fn}_reply "$REPLY" "$cur"`,
    '  return 0',
    '}',
    '',
    `complete -F ${fn} ${root.name}`,
    '',
  );
  return lines.join('\n');
}

/** `name:description` for zsh's _describe (a colon in the name would need escaping; names have none). */
function described(name: string, description: string): string {
  return sq(`${name}:${description}`);
}

export function zshScript(root: CompletionCommand): string {
  const fn = functionName(root.name);
  const commands = allCommands(root);
  const lines = [
    `#compdef ${root.name}`,
    ...header(root, 'zsh', [
      `Load it in this shell:    source <(${root.name} completion zsh)      (after compinit)`,
      `Install it for new ones:  ${root.name} completion zsh > "\${fpath[1]}/${fn}"`,
    ]),
  ];

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
  lines.push(...pathCase(commands, { entries: (command) => describedFlags(ownFlags(command)), render: (list) => `described=(${list.join(' ')})`, indent: '    ', fallback: 'return 1' }));
  lines.push('  esac', '}', '');
  lines.push(`# ${fn}_help PATH: sets described to the help flags of PATH.`);
  lines.push(`${fn}_help() {`, '  case "$1" in');
  lines.push(...pathCase(commands, { entries: (command) => describedFlags(helpFlags(command)), render: (list) => `described=(${list.join(' ')})`, indent: '    ', fallback: 'described=()' }));
  lines.push('  esac', '}', '');

  lines.push(...sharedLookups(root, fn));

  lines.push(
    `# ${fn}_values KIND: completes a kind of value (see ${fn}_option).`,
    `${fn}_values() {`,
    '  local -a values',
    '  case $1 in',
    '    files) _files ;;',
    '    directories) _files -/ ;;',
    '    values:*) values=(${=${1#values:}}); compadd -a values ;;',
    '  esac',
    '}',
    '',
    `${fn}() {`,
    '  local cur=${words[CURRENT]} cmdpath=\'\' word expect=\'\' REPLY',
    '  local -a described',
    '  integer i=2 args=0 ended=0',
    '  # Walk the words before the cursor: subcommands extend the path, option values are skipped.',
    '  while (( i < CURRENT )); do',
    '    word=${words[i]}',
    '    if [[ -n $expect ]]; then',
    '      expect=\'\'',
    '    elif (( ended )); then',
    '      args=$((args + 1))',
    '    elif [[ $word == -- ]]; then',
    '      ended=1',
    '    elif [[ $word == -?* ]]; then',
    `      if [[ $word != *=* ]] && ${fn}_option "$cmdpath" "$word"; then expect=$word; fi`,
    `    elif (( args == 0 )) && ${fn}_child "$cmdpath" "$word"; then`,
    '      cmdpath=$REPLY',
    '    else',
    '      args=$((args + 1))',
    '    fi',
    '    i=$((i + 1))',
    '  done',
    '',
    '  if [[ -n $expect ]]; then',
    `    ${fn}_option "$cmdpath" "$expect" && ${fn}_values "$REPLY"`,
    '    return',
    '  fi',
    '  if (( ! ended )) && [[ $cur == --*=* ]]; then',
    `    if ${fn}_option "$cmdpath" "\${cur%%=*}"; then`,
    '      compset -P \'*=\'',
    `      ${fn}_values "$REPLY"`,
    '    fi',
    '    return',
    '  fi',
    '  if (( ! ended )) && [[ $cur == -* ]]; then',
    '    # The flags of the command and of every command above it, then its help flags.',
    '    local -a flags',
    '    local prefix=$cmdpath',
    '    while :; do',
    `      ${fn}_flags "$prefix" && flags+=($described)`,
    '      [[ -z $prefix ]] && break',
    "      if [[ $prefix == *' '* ]]; then prefix=${prefix% *}; else prefix=''; fi",
    '    done',
    `    ${fn}_help "$cmdpath"`,
    '    flags+=($described)',
    '    _describe -t options option flags',
    '    return',
    '  fi',
    `  if (( ! ended && args == 0 )) && ${fn}_commands "$cmdpath"; then`,
    '    _describe -t commands command described',
    '    return',
    '  fi',
    `  ${fn}_argument "$cmdpath" "$args" && ${fn}_values "$REPLY"`,
    '}',
    '',
    '# Autoloaded from $fpath the file is the body of the completion function; sourced, it registers it.',
    `if [[ \${funcstack[1]} == ${fn} || \${funcstack[1]} == _${root.name} ]]; then`,
    `  ${fn} "$@"`,
    'else',
    `  compdef ${fn} ${root.name}`,
    'fi',
    '',
  );
  return lines.join('\n');
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
  const lines = header(root, 'fish', [
    `Load it in this shell:    ${root.name} completion fish | source`,
    `Install it for new ones:  ${root.name} completion fish > ~/.config/fish/completions/${root.name}.fish`,
  ]);

  lines.push(`# ${fn}_child PATH WORD: prints the path of the subcommand WORD of PATH; fails if WORD is none.`);
  lines.push(`function ${fn}_child`, '    switch "$argv[1]|$argv[2]"');
  for (const command of commands) {
    for (const child of command.subcommands) {
      lines.push(`        case ${[child.name, ...child.aliases].map((word) => fq(`${pathText(command)}|${word}`)).join(' ')}`, `            echo ${fq(pathText(child))}`);
    }
  }
  lines.push('        case \'*\'', '            return 1', '    end', 'end', '');

  lines.push(`# ${fn}_takes_value PATH FLAG: succeeds if FLAG takes a value at PATH (the next word is that value).`);
  lines.push(`function ${fn}_takes_value`, '    switch "$argv[1]|$argv[2]"');
  const patterns = commands.flatMap((command) =>
    command.options.filter((option) => option.takesValue).flatMap((option) =>
      option.flags.flatMap((flag) => (command.path.length === 0 ? [fq(`*|${flag}`)] : [fq(`${pathText(command)}|${flag}`), fq(`${pathText(command)} *|${flag}`)])),
    ),
  );
  if (patterns.length > 0) lines.push(`        case ${patterns.join(' ')}`, '            return 0');
  lines.push('    end', '    return 1', 'end', '');

  lines.push(
    `# ${fn}_state: "ARGS|PATH" for the words before the cursor: the number of positional arguments and the`,
    '# command path. Cached per command line, since every completion condition asks for it.',
    `function ${fn}_state`,
    '    set -l line (commandline -pc)',
    `    if test "$line" = "$${fn}_line"`,
    `        echo $${fn}_cache`,
    '        return',
    '    end',
    '    set -l tokens (commandline -opc)',
    '    set -e tokens[1]',
    "    set -l cmdpath ''",
    '    set -l args 0',
    '    set -l expect 0',
    '    set -l ended 0',
    '    for token in $tokens',
    '        if test $expect = 1',
    '            set expect 0',
    '        else if test $ended = 1',
    '            set args (math $args + 1)',
    "        else if test \"$token\" = '--'",
    '            set ended 1',
    "        else if string match -q -- '-?*' $token",
    `            if not string match -q -- '*=*' $token; and ${fn}_takes_value "$cmdpath" $token`,
    '                set expect 1',
    '            end',
    `        else if test $args = 0; and ${fn}_child "$cmdpath" $token >/dev/null`,
    `            set cmdpath (${fn}_child "$cmdpath" $token)`,
    '        else',
    '            set args (math $args + 1)',
    '        end',
    '    end',
    `    set -g ${fn}_line $line`,
    `    set -g ${fn}_cache "$args|$cmdpath"`,
    `    echo $${fn}_cache`,
    'end',
    '',
    `# ${fn}_is PATH [N]: the command path is PATH (and N positional arguments were typed; N+ for at least N).`,
    `function ${fn}_is`,
    `    set -l state (string split -m 1 '|' -- (${fn}_state))`,
    '    test "$state[2]" = "$argv[1]"; or return 1',
    '    set -q argv[2]; or return 0',
    "    if string match -q -- '*+' $argv[2]",
    "        test $state[1] -ge (string trim -r -c '+' -- $argv[2])",
    '    else',
    '        test $state[1] = $argv[2]',
    '    end',
    'end',
    '',
    `# ${fn}_under PATH: the command path is PATH or a command below it.`,
    `function ${fn}_under`,
    `    set -l state (string split -m 1 '|' -- (${fn}_state))`,
    '    test "$state[2]" = "$argv[1]"; or string match -q -- "$argv[1] *" "$state[2]"',
    'end',
    '',
    '# No file names unless a flag or argument asks for them.',
    `${c} -f`,
    '',
  );

  // Options: each once, where it is declared; it applies there and below. The help option is the
  // root's for every command.
  const rootFlags = new Set(root.options.flatMap((option) => option.flags.join(' ')));
  for (const command of commands) {
    const condition = command.path.length === 0 ? '' : ` -n ${fq(`${fn}_under ${fq(pathText(command))}`)}`;
    for (const option of command.options) {
      if (command.path.length > 0 && option.help && rootFlags.has(option.flags.join(' '))) continue;
      const value = option.takesValue ? ` ${fishValue(option.value)}` : '';
      lines.push(`${c}${condition} ${option.flags.map(fishFlag).join(' ')}${value} -d ${fq(option.description)}`);
    }
  }
  lines.push('');

  for (const command of commands) {
    for (const child of command.subcommands) {
      for (const name of [child.name, ...child.aliases]) {
        lines.push(`${c} -n ${fq(`${fn}_is ${fq(pathText(command))} 0`)} -a ${fq(name)} -d ${fq(child.description)}`);
      }
    }
  }
  lines.push('');

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
      lines.push(`${c} -n ${condition} ${value}`);
    });
  }
  lines.push('');
  return lines.join('\n');
}

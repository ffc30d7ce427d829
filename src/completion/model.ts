/**
 * The command model of the completion scripts: the commander tree read into commands, their options
 * and arguments, and what each value can be. Fixed values come from two places: the choices declared
 * on an option or argument (`new Option(...).choices([...])`), and value hints the caller passes
 * (catalogue values that commander does not know, such as resource type names).
 */
import type { Argument, Command, Option } from 'commander';

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
export type ValueKind = { type: 'free' } | { type: 'files' } | { type: 'directories' } | { type: 'values'; values: readonly string[] };

export interface CompletionOption {
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
  const hint = hints.find(
    (candidate) =>
      candidate.argument === index &&
      candidate.option === undefined &&
      appliesTo(candidate, path) &&
      candidate.command.trim().split(/\s+/).filter(Boolean).length === path.length,
  );
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

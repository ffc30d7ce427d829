/**
 * The command reference (docs/commands.md) rendered from the commander tree: for every command its
 * description, usage, arguments, options with defaults, and the text its --help prints after the
 * option list (notes, exit codes, examples). test/unit/commands-doc.test.ts keeps the file in step.
 */
import type { EventEmitter } from 'node:events';
import type { Argument, Command, Help, Option } from 'commander';

/** Commands in the order --help lists them, parents before children; the implicit `help` command left out. */
export function commandTree(command: Command): Command[] {
  const children = command
    .createHelp()
    .visibleCommands(command)
    .filter((child) => command.commands.includes(child));
  return [command, ...children.flatMap(commandTree)];
}

/** The command names from the root, e.g. `camunda-admin auth list`. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}

/**
 * The text added with addHelpText('before' | 'after'), as --help prints it around the generated part.
 * commander delivers it through the command's help events (a Command is an EventEmitter at run time).
 */
export function addedHelpText(command: Command, position: 'before' | 'after'): string {
  let text = '';
  const context = { error: false, command, write: (chunk: string) => (text += chunk) };
  (command as unknown as EventEmitter).emit(`${position}Help`, context);
  return text;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replaceAll('|', '\\|');
}

function code(text: string): string {
  return `\`${text}\``;
}

function choices(values: readonly string[] | undefined): string {
  return values && values.length > 0 ? `one of ${values.map(code).join(', ')}` : '';
}

function joinNotes(...parts: string[]): string {
  return parts.filter((part) => part !== '').join('; ');
}

/** The default as --help shows it: only for options that take a value (or booleans defaulting to a boolean). */
function optionDefault(option: Option): string {
  if (option.defaultValue === undefined) return '';
  const shown = option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === 'boolean');
  if (!shown) return '';
  return code(option.defaultValueDescription ?? (typeof option.defaultValue === 'string' ? option.defaultValue : JSON.stringify(option.defaultValue)));
}

function argumentTerm(argument: Argument): string {
  const name = `${argument.name()}${argument.variadic ? '...' : ''}`;
  return argument.required ? `<${name}>` : `[${name}]`;
}

function optionsTable(options: readonly Option[]): string[] {
  const lines = ['| option | description | default |', '|---|---|---|'];
  for (const option of options) {
    const description = joinNotes(option.description, option.mandatory ? '**required**' : '', choices(option.argChoices));
    lines.push(`| ${code(option.flags)} | ${cell(description)} | ${optionDefault(option)} |`);
  }
  return lines;
}

function section(command: Command, help: Help, rootAnchor: string): string[] {
  const path = commandPath(command);
  const lines = [`## ${code(path)}`, ''];
  const description = command.description();
  if (description) lines.push(description, '');
  lines.push('```text', help.commandUsage(command), '```', '');

  const before = addedHelpText(command, 'before').trim();
  if (before) lines.push('```text', before, '```', '');

  if (command.registeredArguments.length > 0) {
    lines.push('| argument | description |', '|---|---|');
    for (const argument of command.registeredArguments) {
      const defaultValue =
        argument.defaultValue === undefined ? '' : `default ${code(argument.defaultValueDescription ?? JSON.stringify(argument.defaultValue))}`;
      lines.push(`| ${code(argumentTerm(argument))} | ${cell(joinNotes(argument.description, choices(argument.argChoices), defaultValue))} |`);
    }
    lines.push('');
  }

  lines.push(...optionsTable(help.visibleOptions(command)), '');
  if (command.parent) lines.push(`Global options: see [${code(commandPath(rootOf(command)))}](#${rootAnchor}).`, '');

  const children = help.visibleCommands(command).filter((child) => command.commands.includes(child));
  if (children.length > 0) {
    lines.push('| command | description |', '|---|---|');
    for (const child of children) {
      const childPath = commandPath(child);
      lines.push(`| [${code(childPath)}](#${anchor(childPath)}) | ${cell(child.summary() || child.description())} |`);
    }
    lines.push('');
  }

  const after = addedHelpText(command, 'after')
    .replace(/^\s*\n/, '')
    .trimEnd();
  if (after) lines.push('```text', after, '```', '');
  return lines;
}

function rootOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

/** docs/commands.md: every command of the program, in the order --help lists them. */
export function commandReference(program: Command): string {
  const commands = commandTree(program);
  const name = program.name();
  const lines = [
    '# Command reference',
    '',
    `<!-- Generated from the command definitions (src/cli.ts, src/commands/*.ts) by test/unit/commands-doc.test.ts.`,
    '     Do not edit by hand: run `npm run docs` after changing a command. -->',
    '',
    `Every command of ${code(name)} with its usage, arguments, options and examples, as ${code('--help')} prints`,
    `them. The options of ${code(name)} itself are global: every command accepts them, before or after`,
    'its name.',
    '',
  ];
  for (const command of commands) {
    const path = commandPath(command);
    const depth = path.split(' ').length - 1;
    const summary = command.parent ? ` — ${cell(command.summary() || command.description())}` : '';
    lines.push(`${'  '.repeat(depth)}- [${code(path)}](#${anchor(path)})${summary}`);
  }
  lines.push('');
  for (const command of commands) lines.push(...section(command, command.createHelp(), anchor(name)));
  return `${lines.join('\n').trimEnd()}\n`;
}

// Completion scripts generated from a small commander tree, and the hints of the real program.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { AUTHORIZATION_TYPES, RESOURCE_TYPES } from '../../src/catalogue/authorization.js';
import { BATCH_TYPES } from '../../src/catalogue/batches.js';
import { METRIC_NAMES } from '../../src/catalogue/metrics.js';
import { completionHints } from '../../src/commands/completion-actions.js';
import { tempDir } from '../helpers/temp.js';
import { bashScript, completionScript, fishScript, functionName, isShell, SHELLS, zshScript } from '../../src/completion/generate.js';
import { allCommands, completionModel, type ValueHint } from '../../src/completion/model.js';

function tool(): Command {
  const program = new Command('tool')
    .option('--url <url>', 'where')
    .option('--config <file>', 'a config file')
    .addOption(new Option('-o, --output <format>', 'output format').choices(['table', 'json']).default('table'))
    .option('-q, --quiet', 'quiet');
  const thing = program.command('thing').description('things: all of them');
  thing
    .command('list')
    .description("list things, 'quoted'")
    .option('--kind <kind>', 'kind')
    .option('--sort-order <order>', 'asc or desc')
    .option('--all', 'every one');
  thing.command('get').description('one thing').argument('<id>', 'thing id').alias('show');
  program.command('sum').description('a sum').argument('<name>', 'metric').argument('[more...]', 'more metrics');
  program
    .command('run')
    .description('run a plan')
    .argument('<plan>', 'plan file')
    .option('--report <file>', 'report file')
    .option('--chunk-size <n>', 'chunk')
    .option('--out-dir <dir>', 'where to');
  return program;
}

const HINTS: ValueHint[] = [
  { command: 'thing', option: '--kind', values: ['red', 'green'] },
  { command: '', option: '--sort-order', values: ['asc', 'desc'] },
  { command: 'sum', argument: 0, values: ['alpha', 'beta'] },
  { command: 'sum', argument: 1, values: ['gamma'] },
];

describe('completion model', () => {
  const model = completionModel(tool(), HINTS);
  const byPath = new Map(allCommands(model).map((command) => [command.path.join(' '), command]));

  it('has every command of the tree, with aliases, parents first', () => {
    expect([...byPath.keys()]).toEqual(['', 'thing', 'thing list', 'thing get', 'sum', 'run']);
    expect(byPath.get('thing get')?.aliases).toEqual(['show']);
    expect(byPath.get('thing')?.description).toBe('things: all of them');
  });

  it('gives each command its own options plus help, and the options of the commands above it', () => {
    const list = byPath.get('thing list')!;
    expect(list.options.map((option) => option.flags)).toEqual([['--kind'], ['--sort-order'], ['--all'], ['-h', '--help']]);
    expect(list.inheritedOptions.map((option) => option.flags.join(' '))).toEqual(['--url', '--config', '-o --output', '-q --quiet']);
    expect(list.options.at(-1)?.help).toBe(true);
  });

  it('takes fixed values from choices and hints, and file names from <file> and <plan> placeholders', () => {
    const root = byPath.get('')!;
    expect(root.options.find((option) => option.flags.includes('--output'))?.value).toEqual({ type: 'values', values: ['table', 'json'] });
    expect(root.options.find((option) => option.flags.includes('--config'))?.value).toEqual({ type: 'files' });
    expect(root.options.find((option) => option.flags.includes('--url'))?.value).toEqual({ type: 'free' });
    expect(root.options.find((option) => option.flags.includes('--quiet'))?.takesValue).toBe(false);
    const list = byPath.get('thing list')!;
    expect(list.options.find((option) => option.flags.includes('--kind'))?.value).toEqual({ type: 'values', values: ['red', 'green'] });
    expect(list.options.find((option) => option.flags.includes('--sort-order'))?.value).toEqual({ type: 'values', values: ['asc', 'desc'] });
    expect(byPath.get('sum')?.arguments.map((argument) => argument.value)).toEqual([
      { type: 'values', values: ['alpha', 'beta'] },
      { type: 'values', values: ['gamma'] },
    ]);
    expect(byPath.get('run')?.arguments[0]?.value).toEqual({ type: 'files' });
    expect(byPath.get('run')?.options.find((option) => option.flags.includes('--report'))?.value).toEqual({ type: 'files' });
    expect(byPath.get('run')?.options.find((option) => option.flags.includes('--out-dir'))?.value).toEqual({ type: 'directories' });
  });

  it('refuses values the scripts cannot carry unquoted', () => {
    expect(() => completionModel(tool(), [{ command: 'thing', option: '--kind', values: ['two words'] }])).toThrow(/cannot carry/);
    expect(() => completionModel(tool(), [{ command: 'thing', option: '--kind', values: ['$(rm -rf ~)'] }])).toThrow(/cannot carry/);
  });
});

describe('scripts', () => {
  it('names the functions after the program', () => {
    expect(functionName('camunda-admin')).toBe('_camunda_admin');
    expect(SHELLS).toEqual(['bash', 'zsh', 'fish']);
    expect(isShell('zsh')).toBe(true);
    expect(isShell('tcsh')).toBe(false);
  });

  it('bash: registers the function and maps paths, flags and values', () => {
    const script = bashScript(completionModel(tool(), HINTS));
    expect(script).toContain('complete -F _tool tool');
    expect(script).toContain("'thing|get'|'thing|show') REPLY='thing get' ;;");
    expect(script).toContain("*'|-o'|*'|--output') REPLY='values:table json' ;;");
    expect(script).toContain("'thing list|--kind'|'thing list '*'|--kind') REPLY='values:red green' ;;");
    expect(script).toContain("'sum|0') REPLY='values:alpha beta' ;;");
    expect(script).toContain("'sum|'*) REPLY='values:gamma' ;;");
    expect(script).toContain("'thing') REPLY='list get show' ;;");
  });

  it('zsh: a #compdef file with descriptions', () => {
    const script = zshScript(completionModel(tool(), HINTS));
    expect(script.startsWith('#compdef tool\n')).toBe(true);
    expect(script).toContain("'list:list things, '\\''quoted'\\'''");
    expect(script).toContain('compdef _tool tool');
  });

  it('fish: complete commands with conditions on the command path', () => {
    const script = fishScript(completionModel(tool(), HINTS));
    expect(script).toContain('complete -c tool -f\n');
    expect(script).toContain("complete -c tool -n '__tool_is \\'thing\\' 0' -a 'list' -d 'list things, \\'quoted\\''");
    expect(script).toContain("complete -c tool -s 'o' -l 'output' -x -a 'table json' -d 'output format'");
    expect(script).toContain("complete -c tool -n '__tool_under \\'run\\'' -l 'report' -r -F -d 'report file'");
    expect(script).toContain("complete -c tool -n '__tool_is \\'sum\\' 1+' -a 'gamma'");
    // The help option is declared once, for every command.
    expect(script.match(/-l 'help'/g)).toHaveLength(1);
  });

  it('completionScript dispatches on the shell', () => {
    expect(completionScript('bash', tool())).toContain('complete -F _tool tool');
    expect(completionScript('zsh', tool())).toContain('#compdef tool');
    expect(completionScript('fish', tool())).toContain('complete -c tool');
  });
});

/** Runs the bash function as readline would, with COMP_WORDS/COMP_CWORD; the last word is the cursor's. */
function bashComplete(script: string, words: string[], cwd?: string): string[] {
  const file = join(tempDir('completion-unit-'), 'tool.bash');
  writeFileSync(file, script);
  const array = words.map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(' ');
  const result = spawnSync(
    'bash',
    [
      '--norc',
      '--noprofile',
      '-c',
      `source "$1"; COMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; _tool; printf '%s\\n' "\${COMPREPLY[@]}"`,
      'bash',
      file,
    ],
    { encoding: 'utf8', cwd },
  );
  expect(result.stderr).toBe('');
  return result.stdout.split('\n').filter((line) => line !== '');
}

describe('the bash script in bash', () => {
  const script = bashScript(completionModel(tool(), HINTS));

  it('completes commands, subcommands and aliases', () => {
    expect(bashComplete(script, ['tool', ''])).toEqual(['thing', 'sum', 'run']);
    expect(bashComplete(script, ['tool', 'th'])).toEqual(['thing']);
    expect(bashComplete(script, ['tool', 'thing', 's'])).toEqual(['show']);
    expect(bashComplete(script, ['tool', '-q', '--url', 'http://x', 'thing', 'l'])).toEqual(['list']);
    // What readline makes of --url http://x (: and = are in COMP_WORDBREAKS).
    expect(bashComplete(script, ['tool', '--url', 'http', ':', '//x', 'th'])).toEqual(['thing']);
    expect(bashComplete(script, ['tool', '--url', '=', 'http', ':', '//x', 'thing', 'g'])).toEqual(['get']);
  });

  it('completes own and inherited flags', () => {
    expect(bashComplete(script, ['tool', 'thing', 'list', '--k'])).toEqual(['--kind']);
    expect(bashComplete(script, ['tool', 'thing', 'list', '--ou'])).toEqual(['--output']);
    expect(bashComplete(script, ['tool', 'sum', '--k'])).toEqual([]);
    expect(bashComplete(script, ['tool', 'thing', 'list', '--']).sort()).toEqual([
      '--all',
      '--config',
      '--help',
      '--kind',
      '--output',
      '--quiet',
      '--sort-order',
      '--url',
    ]);
    expect(bashComplete(script, ['tool', '-']).sort()).toEqual(['--config', '--help', '--output', '--quiet', '--url', '-h', '-o', '-q']);
  });

  it('completes option values, also after --flag= in all its forms', () => {
    expect(bashComplete(script, ['tool', '-o', ''])).toEqual(['table', 'json']);
    expect(bashComplete(script, ['tool', 'thing', 'list', '--kind', 'r'])).toEqual(['red']);
    expect(bashComplete(script, ['tool', 'thing', 'list', '--sort-order', ''])).toEqual(['asc', 'desc']);
    expect(bashComplete(script, ['tool', '--output', '=', 'j'])).toEqual(['json']);
    expect(bashComplete(script, ['tool', '--output', '='])).toEqual(['table', 'json']);
    expect(bashComplete(script, ['tool', '--output=t'])).toEqual(['--output=table']);
    expect(bashComplete(script, ['tool', '--url', ''])).toEqual([]);
  });

  it('completes positional arguments, a variadic one again and again', () => {
    expect(bashComplete(script, ['tool', 'sum', ''])).toEqual(['alpha', 'beta']);
    expect(bashComplete(script, ['tool', 'sum', 'alpha', ''])).toEqual(['gamma']);
    expect(bashComplete(script, ['tool', 'sum', 'alpha', 'gamma', ''])).toEqual(['gamma']);
    expect(bashComplete(script, ['tool', 'thing', 'get', ''])).toEqual([]);
  });

  it('completes file names for files', () => {
    const dir = tempDir('completion-files-');
    writeFileSync(join(dir, 'plan.yaml'), '');
    writeFileSync(join(dir, 'report.json'), '');
    expect(bashComplete(script, ['tool', 'run', 'pl'], dir)).toEqual(['plan.yaml']);
    expect(bashComplete(script, ['tool', 'run', 'plan.yaml', '--report', 'r'], dir)).toEqual(['report.json']);
    expect(bashComplete(script, ['tool', 'run', 'plan.yaml', '--chunk-size', ''], dir)).toEqual([]);
  });
});

describe('the hints of camunda-admin', () => {
  const io = { stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough(), env: {}, cwd: '/' };
  const { program } = buildProgram(io);
  const hints = completionHints(program);
  const model = completionModel(program, hints);
  const byPath = new Map(allCommands(model).map((command) => [command.path.join(' '), command]));
  const optionValues = (path: string, flag: string) => {
    const value = byPath.get(path)?.options.find((option) => option.flags.includes(flag))?.value;
    return value?.type === 'values' ? value.values : undefined;
  };
  const argumentValues = (path: string, index: number) => {
    const value = byPath.get(path)?.arguments[index]?.value;
    return value?.type === 'values' ? value.values : undefined;
  };

  it('each names an option or argument that exists', () => {
    expect(hints.length).toBeGreaterThan(0);
    for (const hint of hints) {
      const matched = allCommands(model).filter((command) => command.path.join(' ').startsWith(hint.command));
      const used = matched.some((command) =>
        hint.option !== undefined
          ? command.options.some((option) => option.flags.includes(hint.option!) && option.value.type === 'values')
          : command.arguments[hint.argument ?? -1]?.value.type === 'values',
      );
      expect(used, `hint ${JSON.stringify({ ...hint, values: undefined })} matches nothing`).toBe(true);
    }
  });

  it('offers the catalogue values the option specs name', () => {
    const resourceTypes = RESOURCE_TYPES.map((type) => type.name);
    for (const path of ['auth list', 'auth count', 'auth create']) expect(optionValues(path, '--type')).toEqual(AUTHORIZATION_TYPES.map((type) => type.name));
    for (const path of ['auth list', 'auth count', 'auth create', 'auth update', 'auth check', 'auth explain', 'access export'])
      expect(optionValues(path, '--resource-type')).toEqual(resourceTypes);
    for (const path of ['auth list', 'group list']) expect(optionValues(path, '--sort-order')).toEqual(['asc', 'desc']);
    expect(optionValues('metrics list', '--name')).toEqual(METRIC_NAMES.filter((metric) => !metric.sumOnly).map((metric) => metric.name));
    expect(argumentValues('metrics sum', 0)).toEqual(METRIC_NAMES.map((metric) => metric.name));
    expect(optionValues('batch list', '--type')).toEqual(BATCH_TYPES);
    expect(argumentValues('completion', 0)).toEqual(SHELLS);
    expect(optionValues('', '--output')).toEqual(['table', 'wide', 'json', 'yaml']);
    // Free text stays free: a group's --type is the engine's, not the authorization catalogue's.
    expect(optionValues('group list', '--type')).toBeUndefined();
    expect(byPath.get('group list')?.options.find((option) => option.flags.includes('--type'))?.value.type).toBe('free');
  });
});

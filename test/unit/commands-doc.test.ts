// docs/commands.md is rendered from the command definitions; this test fails when it is out of date.
// Regenerate it with `npm run docs` (UPDATE_DOCS=1 vitest run test/unit/commands-doc.test.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { Io } from '../../src/app.js';
import { buildProgram } from '../../src/cli.js';
import { addedHelpText, commandPath, commandReference, commandTree } from '../../src/completion/reference.js';
import { EXIT_CODE_MEANINGS, ExitCode, exitCodeList, wrap } from '../../src/exit-codes.js';

const DOC = new URL('../../docs/commands.md', import.meta.url);

function dummyIo(): Io & { stdout: PassThrough } {
  return { stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough(), env: {}, cwd: '/' };
}

/** What `camunda-admin <path> --help` prints (commander writes it through the io of buildProgram). */
function helpOf(command: Command, io: { stdout: PassThrough }): string {
  command.outputHelp();
  // Every chunk written so far: how much one read() returns differs between Node versions.
  let text = '';
  for (let chunk = io.stdout.read(); chunk !== null; chunk = io.stdout.read()) text += String(chunk);
  return text;
}

describe('docs/commands.md', () => {
  it('is rendered from the command definitions', () => {
    const { program } = buildProgram(dummyIo());
    const reference = commandReference(program);
    if (process.env.UPDATE_DOCS === '1') {
      writeFileSync(DOC, reference);
      return;
    }
    const current = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '';
    expect(
      current,
      'docs/commands.md is out of date: regenerate it with `npm run docs` (UPDATE_DOCS=1 npx vitest run test/unit/commands-doc.test.ts) and commit it',
    ).toBe(reference);
  });

  it('has a section for every command, with its options and examples', () => {
    const { program } = buildProgram(dummyIo());
    const reference = commandReference(program);
    for (const command of commandTree(program)) {
      expect(reference).toContain(`## \`${commandPath(command)}\``);
      for (const option of command.options) expect(reference).toContain(`\`${option.flags}\``);
    }
    expect(reference).toContain('$ camunda-admin auth update');
    expect(reference).toMatch(/\| `-o, --output <format>` \| output format: .*; one of `table`, `wide`, `json`, `yaml` \| `table` \|/);
  });
});

describe('help texts', () => {
  it('every command that runs something shows at least one example of itself', () => {
    const io = dummyIo();
    const { program } = buildProgram(io);
    const missing: string[] = [];
    for (const command of commandTree(program)) {
      if (command.commands.length > 0 && command.parent) continue; // a family: its commands have the examples
      const help = helpOf(command, io);
      const examples = help.slice(help.search(/^Examples:$/m));
      const path = commandPath(command).split(' ').slice(1).join(' ');
      const shows = examples.split('\n').some((line) => line.trimStart().startsWith('$ camunda-admin') && line.includes(path));
      if (!/^Examples:$/m.test(help) || !shows) missing.push(commandPath(command));
    }
    expect(missing, 'commands whose --help has no "Examples:" section with a `$ camunda-admin ...` line using the command').toEqual([]);
  });

  it('reads the text added after the generated help', () => {
    const { program } = buildProgram(dummyIo());
    expect(addedHelpText(program, 'after')).toMatch(/^Examples:$/m);
    expect(addedHelpText(program, 'before')).toBe('');
  });
});

/** Rewrites a document with UPDATE_DOCS=1 (`npm run docs`), else expects it to be as rendered. */
function inStep(url: URL, render: (current: string) => string, what: string): void {
  const current = readFileSync(url, 'utf8');
  const rendered = render(current);
  if (process.env.UPDATE_DOCS === '1') {
    if (rendered !== current) writeFileSync(url, rendered);
    return;
  }
  expect(current, `${what} is out of date: regenerate it with \`npm run docs\``).toBe(rendered);
}

describe('the exit codes of the documents come from src/exit-codes.ts', () => {
  it('README.md lists every code with its meaning', () => {
    const start = '<!-- exit codes: from src/exit-codes.ts, by npm run docs -->\n';
    const end = '<!-- end of exit codes -->';
    inStep(
      new URL('../../README.md', import.meta.url),
      (current) => {
        const from = current.indexOf(start);
        const to = current.indexOf(end);
        expect(from, 'README.md has the exit code markers').toBeGreaterThanOrEqual(0);
        expect(to).toBeGreaterThan(from);
        const list = wrap(`${exitCodeList()}. Details: [docs/exit-codes.md](docs/exit-codes.md).`, 100);
        return `${current.slice(0, from + start.length)}${list}\n${current.slice(to)}`;
      },
      'README.md',
    );
  });

  it('docs/exit-codes.md names every code with its meaning', () => {
    const doc = new URL('../../docs/exit-codes.md', import.meta.url);
    inStep(
      doc,
      (current) =>
        current.replace(/^\| (\d+) \| [^|]* \|/gm, (row, code: string) =>
          Object.hasOwn(EXIT_CODE_MEANINGS, code) ? `| ${code} | ${EXIT_CODE_MEANINGS[Number(code) as ExitCode]} |` : row,
        ),
      'docs/exit-codes.md',
    );
    const documented = [...readFileSync(doc, 'utf8').matchAll(/^\| (\d+) \|/gm)].map((match) => Number(match[1]));
    expect(documented).toEqual(Object.values(ExitCode));
  });
});

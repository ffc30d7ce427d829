// Piped `--help` is answered by bin/ from dist/help.json without loading the command tree. These
// tests keep that answer identical to commander's own output, for every command.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderHelpPages } from '../../../src/help-pages.js';
import { runBinary, runCli } from '../../helpers/cli.js';

const built = JSON.parse(readFileSync(new URL('../../../dist/help.json', import.meta.url), 'utf8')) as Record<string, string>;
const rendered = renderHelpPages();

describe('prerendered help', () => {
  it('holds a page for every command, equal to what commander renders from the source', () => {
    expect(Object.keys(built).sort()).toEqual(Object.keys(rendered).sort());
    expect(Object.keys(built)).toEqual(expect.arrayContaining(['', 'auth', 'auth get', 'group members add', 'migration execute']));
    for (const [path, page] of Object.entries(rendered)) expect(built[path], path).toBe(page);
  });

  it.each(['', 'auth', 'auth get', 'group members add', 'migration execute'])('"%s --help" prints the same page as commander does', async (path) => {
    const words = path ? path.split(' ') : [];
    const fast = await runBinary([...words, '--help']);
    // A global option first makes bin/ hand the arguments to commander.
    const commander = await runBinary(['--quiet', ...words, '--help']);
    expect(fast.code).toBe(0);
    expect(commander.code).toBe(0);
    expect(fast.stdout).toBe(rendered[path]);
    expect(commander.stdout).toBe(fast.stdout);
    expect(fast.stderr).toBe('');
  });

  it('-h works the same, and an unknown command goes to commander', async () => {
    expect((await runBinary(['auth', '-h'])).stdout).toBe(rendered.auth);
    expect((await runCli(['auth', '-h'])).stdout).toBe(rendered.auth);
    const unknown = await runCli(['authz', 'list', '--help']);
    expect(unknown.stdout + unknown.stderr).not.toBe('');
    expect(unknown.stdout).not.toBe(rendered['auth list']);
  });
});

// buildProgram declares only the family that argv names: what it finds must be what commander runs.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildProgram, familyNamedIn } from '../../src/cli.js';
import { FAMILIES } from '../helpers/families.js';

const io = () => ({ stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough(), env: {}, cwd: '/' });
const families = (argv?: string[]) =>
  buildProgram(io(), argv)
    .program.commands.map((command) => command.name())
    .sort();

describe('declaring only the family argv names', () => {
  const { program } = buildProgram(io());

  it.each([
    [['auth', 'get', 'x'], 'auth'],
    [['--url', 'http://h/engine-rest', 'group', 'list'], 'group'],
    [['--url=http://h/engine-rest', '-o', 'json', 'metrics', 'sum', 'x'], 'metrics'],
    [['-q', '-v', '-y', '--no-color', '--insecure', '--password-stdin', 'migration', 'validate'], 'migration'],
    // Option values that are family names are values, not the family.
    [['--profile', 'auth', 'group', 'list'], 'group'],
    [['--config', 'batch', '--timeout', '5', '--retries', '1', '--ca-file', 'engine', 'config', 'show'], 'config'],
    [['-o', 'auth', 'batch', 'list'], 'batch'],
  ])('%j names %s', (argv, family) => {
    expect(familyNamedIn(argv, program)).toBe(family);
  });

  it.each([
    [[]],
    [['--help']],
    [['help', 'auth']],
    [['grup', 'list']],
    [['--', 'auth']],
    [['-qo', 'json', 'auth']],
    [['--url']],
    [['--help', 'auth']],
    [['-v', '-h', 'group', 'list']],
  ])('%j names none', (argv) => {
    expect(familyNamedIn(argv, program)).toBeUndefined();
  });

  it('declares that family alone, and every family otherwise', () => {
    expect(families(['--url', 'http://h', 'auth', 'get', 'x'])).toEqual(['auth']);
    expect(families(['grup'])).toEqual(FAMILIES);
    expect(families()).toEqual(FAMILIES);
    // completion prints a script for the whole tree.
    expect(families(['completion', 'bash'])).toEqual(FAMILIES);
  });

  it('knows every option of the root that takes a value', () => {
    const valued = program.options.filter((option) => option.required || option.optional).map((option) => option.long);
    expect(valued.sort()).toEqual([
      '--ca-file',
      '--cert-file',
      '--config',
      '--engine',
      '--key-file',
      '--output',
      '--password',
      '--profile',
      '--retries',
      '--timeout',
      '--token',
      '--url',
      '--username',
    ]);
    for (const flag of valued) expect(familyNamedIn([flag!, 'auth', 'group'], program)).toBe('group');
  });
});

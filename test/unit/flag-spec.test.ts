// The option specs of src/commands/spec.ts: the type an action takes is the object commander parses.
import { Command } from 'commander';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { GlobalFlags } from '../../src/commands/global-flags.js';
import { type FlagsOf, declareFlags, flagSpec } from '../../src/commands/spec.js';

const SPEC = flagSpec(
  { flags: '--dry-run', description: 'a switch' },
  { flags: '--out <file>', description: 'a value' },
  { flags: '--resource-type <types...>', description: 'several values' },
  { flags: '-o, --output <format>', description: 'choices with a default', choices: ['table', 'json'], default: 'table' },
  { flags: '--id <id>', description: 'required', required: true },
  { flags: '--no-headers', description: 'negated' },
  { flags: '--count <n>', description: 'parsed', parse: (text: string) => Number(text) },
);

function parse(args: string[]): unknown {
  const command = declareFlags(new Command('tool').exitOverride(), SPEC);
  command.parse(args, { from: 'user' });
  return command.opts();
}

describe('flag specs', () => {
  it('derive the type commander parses', () => {
    expectTypeOf<FlagsOf<typeof SPEC>>().toEqualTypeOf<{
      id: string;
      output: 'table' | 'json';
      headers: boolean;
      dryRun?: boolean;
      out?: string;
      resourceType?: string[];
      count?: number;
    }>();
    const given: FlagsOf<typeof SPEC> = { id: 'x', output: 'json', headers: false, dryRun: true, out: 'f', resourceType: ['a', 'b'], count: 3 };
    expect(parse(['--id', 'x', '-o', 'json', '--no-headers', '--dry-run', '--out', 'f', '--resource-type', 'a', 'b', '--count', '3'])).toEqual(given);
    expect(parse(['--id', 'x'])).toEqual({ id: 'x', output: 'table', headers: true });
  });

  it('declare required options, choices and defaults as commander would', () => {
    expect(() => parse([])).toThrow(/required option '--id <id>' not specified/);
    expect(() => parse(['--id', 'x', '-o', 'xml'])).toThrow(/Allowed choices are table, json/);
    const help = declareFlags(new Command('tool'), SPEC).helpInformation();
    expect(help.replace(/\s+/g, ' ')).toContain('(choices: "table", "json", default: "table")');
  });

  it('give the global flags their type', () => {
    expectTypeOf<GlobalFlags['output']>().toEqualTypeOf<'table' | 'wide' | 'json' | 'yaml'>();
    expectTypeOf<GlobalFlags['headers']>().toEqualTypeOf<boolean>();
    expectTypeOf<GlobalFlags['passwordStdin']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<GlobalFlags['timeout']>().toEqualTypeOf<string | undefined>();
  });
});

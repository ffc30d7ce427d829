// Every V8 flag the command sets at run time is one the Node running it knows: V8 prints an unknown
// flag to stdout, which is the command's data. CI runs this on Node 20, 22, 24 and 26.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LISTING_V8_FLAGS } from '../../src/util/heap.js';
import { BASELINE_WASM_V8_FLAGS } from '../../src/util/v8-flags.js';

const known = new Set(
  execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
    .split('\n')
    .map((line) => /^\s+--([a-z0-9-]+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined),
);

/** `--no-wasm-tier-up` and `--heap-growing-percent=30` name the flags `wasm-tier-up` and `heap-growing-percent`. */
const nameOf = (flag: string) => flag.replace(/^--(no-)?/, '').replace(/=.*$/, '');

describe('V8 flags set at run time', () => {
  it.each([...LISTING_V8_FLAGS, ...BASELINE_WASM_V8_FLAGS])(`%s is known to Node ${process.version}`, (flag) => {
    expect(known.size).toBeGreaterThan(100);
    expect(known.has(nameOf(flag))).toBe(true);
  });

  it('are silent: setting them prints nothing', () => {
    const script = `require('node:v8').setFlagsFromString(${JSON.stringify([...LISTING_V8_FLAGS, ...BASELINE_WASM_V8_FLAGS].join(' '))})`;
    expect(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })).toBe('');
  });
});

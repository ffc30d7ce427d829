// The run flags shared by the commands that change many objects (src/commands/run-flags.ts): the same
// value is refused the same way by every command that takes it, before any request.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { type Simulator, startSimulator } from '../../simulator/index.js';
import { runCli, tempDir } from '../../helpers/cli.js';

let engine: Simulator;
let cwd: string;
beforeAll(async () => {
  engine = await startSimulator();
  cwd = tempDir();
  writeFileSync(
    join(cwd, 'plan.yaml'),
    toYaml({ source: 'order:1', target: 'order:2', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }] }),
  );
});
afterAll(async () => {
  await engine.close();
});

const HUGE = '99999999999999999999';
const TOO_MANY = '1000001';
const commands: [string, string[]][] = [
  ['migration execute', ['migration', 'execute', 'plan.yaml', '--all-instances']],
  ['migration sweep --execute', ['migration', 'sweep', 'order', '--plans', '.', '--execute']],
];

describe('--chunk-size and --canary', () => {
  it.each(commands.flatMap(([name, args]) => ['--chunk-size', '--canary'].map((flag) => [name, args, flag] as const)))(
    '%s refuses %s %s... with exit 2, sending nothing',
    async (_name, args, flag) => {
      const before = engine.requests.length;
      const huge = await runCli(['--url', engine.url, '--retries', '0', ...args, flag, HUGE], { cwd });
      expect(huge.code).toBe(2);
      expect(huge.stderr).toBe(`error: ${flag}: '${HUGE}' is more than 1,000,000, the most it can be\n`);
      const tooMany = await runCli(['--url', engine.url, '--retries', '0', ...args, flag, TOO_MANY], { cwd });
      expect(tooMany.code).toBe(2);
      expect(tooMany.stderr).toBe(`error: ${flag}: '${TOO_MANY}' is more than 1,000,000, the most it can be\n`);
      expect(engine.requests.length).toBe(before);
    },
  );
});

describe('--wait and --interval', () => {
  it.each([
    ['migration execute', ['migration', 'execute', 'plan.yaml', '--all-instances', '--interval', '1'], '--wait-timeout and --interval need --wait'],
    ['migration sweep --execute', ['migration', 'sweep', 'order', '--plans', '.', '--execute', '--wait'], '--wait needs --async'],
    ['migration execute', ['migration', 'execute', 'plan.yaml', '--all-instances', '--wait'], '--wait needs --async'],
  ])('%s: %j is refused with exit 2', async (_name, args, message) => {
    const result = await runCli(['--url', engine.url, '--retries', '0', ...args], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: ${message}\n`);
  });
});

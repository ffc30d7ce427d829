// What only the built command in a process of its own shows: the launcher, the exit codes a shell
// sees, and standard input as a real pipe. The rest of the e2e suite runs the same code in-process.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { SEEDED_AUTHORIZATION_IDS, startSimulator } from '../../simulator/index.js';
import { BIN, cleanEnv, runBinary, tempDir } from '../../helpers/cli.js';
import { fileTest } from '../../helpers/fixtures.js';
import { DEMO_PLAN } from '../../helpers/plans.js';

const ADMIN = SEEDED_AUTHORIZATION_IDS.adminApplication;
const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const it = fileTest({ basicAuth: true, loginDelayBaseSeconds: 0 });

describe('the built command', () => {
  it('prints its version', async () => {
    expect(await runBinary(['--version'])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('reads the password from a pipe and prints the engine object on stdout, exit 0', async ({ engine }) => {
    const result = await runBinary(['--url', engine.url, '--username', 'demo', '--password-stdin', 'auth', 'get', ADMIN, '-o', 'json'], { stdin: 'demo\n' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: ADMIN });
  });

  it.for<readonly [string, readonly string[], number, string?]>([
    ['a usage error', ['auth', 'get'], 2],
    ['refused credentials', ['--username', 'demo', '--password-stdin', 'auth', 'get', ADMIN], 4, 'wrong'],
    ['not found', ['--username', 'demo', '--password-stdin', 'auth', 'get', 'nope'], 5, 'demo'],
  ] as const)('exits with the documented code for %s', async ([_case, args, code, password], { engine }) => {
    const result = await runBinary(['--url', engine.url, ...args], { stdin: password ?? '' });
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: .+/);
  });

  it('exits 7 when nothing listens at the URL', async () => {
    const result = await runBinary(['--url', 'http://127.0.0.1:9/engine-rest', '--retries', '0', 'engine', 'info'], { env: cleanEnv() });
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(/^error: .*127\.0\.0\.1:9/);
  });

  it('ends quietly with exit 0 when the reader of its output has gone (`| head`)', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'plan.json'), JSON.stringify(DEMO_PLAN));
    const open = await startSimulator();
    try {
      for (const format of ['json', 'yaml']) {
        const child = spawn(
          process.execPath,
          [BIN, '--url', open.url, '-q', 'migration', 'execute', 'plan.json', '--all-instances', '--dry-run', '-o', format],
          { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
        );
        // The reading end is closed before anything is written: every write meets a broken pipe.
        child.stdout.destroy();
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
        const [code] = await once(child, 'close');
        expect({ format, code, stderr }).toEqual({ format, code: 0, stderr: '' });
      }
    } finally {
      await open.close();
    }
  });
});

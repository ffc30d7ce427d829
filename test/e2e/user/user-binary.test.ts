// `user create --password-stdin` as a process: the password through a real pipe, the caller's own
// credentials from the environment, nothing of the password on either stream.
import { describe, expect } from 'vitest';
import { cleanEnv, runBinary } from '../../helpers/cli.js';
import { fileTest } from '../../helpers/fixtures.js';

const it = fileTest({ basicAuth: true, loginDelayBaseSeconds: 0 });
const PASSWORD = 'Pipe!d-Passw0rd';

describe('the built command', () => {
  it('creates a user with the password from a pipe, which then logs in', async ({ engine }) => {
    const env = cleanEnv({ CAMUNDA_USERNAME: 'demo', CAMUNDA_PASSWORD: 'demo' });
    const args = ['--url', engine.url, 'user', 'create', '--id', 'piped', '--first-name', 'Pi', '--last-name', 'Ped', '--password-stdin'];
    const result = await runBinary(args, { env, stdin: `${PASSWORD}\n` });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'created user piped\n' });
    expect(engine.state.checkPassword('piped', PASSWORD)).toBe(true);
    const own = await runBinary(['--url', engine.url, 'user', 'get', 'piped', '-o', 'json'], {
      env: cleanEnv({ CAMUNDA_USERNAME: 'piped', CAMUNDA_PASSWORD: PASSWORD }),
    });
    expect(JSON.parse(own.stdout)).toEqual({ id: 'piped', firstName: 'Pi', lastName: 'Ped', email: null });
  });

  it('takes --password-stdin before the family as the caller password when the command has none after it', async ({ engine }) => {
    const result = await runBinary(['--url', engine.url, '--username', 'demo', '--password-stdin', 'user', 'count', '--group', 'sales'], { stdin: 'demo' });
    expect(result.code).toBe(0);
    expect(Number(result.stdout)).toBeGreaterThan(0);
  });
});

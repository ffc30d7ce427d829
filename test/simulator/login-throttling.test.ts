// The engine's login throttling (DbIdentityServiceProvider.checkPassword / lockUser / unlockUser with
// ProcessEngineConfigurationImpl's defaults) behind the Basic auth filter.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultLoginSettings, startSimulator } from './index.js';
import type { Simulator } from './index.js';
import { sampleIndex } from './samples.js';

const START = Date.parse('2026-11-22T10:00:00.000Z');

let sim: Simulator;
/** The engine's clock (state.clock), moved by the tests only. */
let now: number;

beforeEach(async () => {
  sim = await startSimulator({ basicAuth: true });
  now = START;
  sim.state.clock = () => now;
});

afterEach(async () => {
  await sim.close();
});

function basic(user: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}` };
}

async function get(user: string, password: string, path = '/process-definition'): Promise<Response> {
  return fetch(`${sim.url}${path}`, { headers: basic(user, password) });
}

/** Status of GET /process-definition as `user` with `password` (body read, so the connection is free). */
async function statusOf(user: string, password: string): Promise<number> {
  const response = await get(user, password);
  await response.arrayBuffer();
  return response.status;
}

/** Fails a login when the user is not locked, i.e. counts one attempt; returns the delay it set, in seconds. */
async function failOnce(user: string): Promise<number> {
  expect(await statusOf(user, 'wrong')).toBe(401);
  const record = sim.state.findUser(user);
  return ((record?.lockExpirationTime ?? now) - now) / 1000;
}

describe('defaults', () => {
  it("are the engine's", () => {
    expect(defaultLoginSettings()).toEqual({ loginDelayBase: 3, loginDelayFactor: 2, loginDelayMaxTime: 60, loginMaxAttempts: 10 });
    expect(sim.state.loginSettings).toEqual(defaultLoginSettings());
  });
});

describe('the right password during the delay', () => {
  it('is refused like a wrong one, as in basic-auth-right-password-during-login-delay (real clock)', async () => {
    sim.state.clock = () => Date.now();
    const sample = sampleIndex().find((entry) => entry.name === 'basic-auth-right-password-during-login-delay');
    if (!sample?.basicAuth) throw new Error('sample missing');
    const path = new URL(sample.url).pathname.replace(/^\/engine-rest/, '');
    const user = sample.basicAuth;

    expect((await get(user, 'wrong', path)).status).toBe(401);
    const response = await fetch(`${sim.url}${path}`, { method: sample.method, headers: basic(user, user) });
    expect(response.status).toBe(sample.status);
    expect(response.headers.get('www-authenticate')).toBe(sample.wwwAuthenticate);
    expect(response.headers.get('content-type')).toBe(sample.contentType ?? null);
    expect(sample.emptyBody).toBe(true);
    expect(await response.text()).toBe('');
  });

  it('changes nothing: neither the attempts nor the lock', async () => {
    await failOnce('john');
    const before = { ...sim.state.findUser('john') };
    now += 1000;
    expect(await statusOf('john', 'john')).toBe(401);
    expect(await statusOf('john', 'wrong')).toBe(401);
    expect(sim.state.findUser('john')).toEqual(before);
    expect(before).toMatchObject({ attempts: 1, lockExpirationTime: START + 3000 });
  });

  it('works again once the delay is over (the lock ends at its expiration time)', async () => {
    await failOnce('john');
    now = START + 2999;
    expect(await statusOf('john', 'john')).toBe(401);
    now = START + 3000;
    expect(await statusOf('john', 'john')).toBe(200);
  });

  it('locks only that user', async () => {
    await failOnce('john');
    expect(await statusOf('demo', 'demo')).toBe(200);
    expect(await statusOf('john', 'john')).toBe(401);
  });

  it('is not throttled for unknown users: nothing is recorded', async () => {
    expect(await statusOf('nobody', 'x')).toBe(401);
    expect(sim.state.findUser('nobody')).toBeUndefined();
    expect(await statusOf('john', 'john')).toBe(200);
  });
});

describe('the delay', () => {
  it('grows as loginDelayBase * loginDelayFactor^(attempts - 1), at most loginDelayMaxTime seconds', async () => {
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      const delay = await failOnce('john');
      delays.push(delay);
      // Still locked one millisecond before the end, whatever the password.
      now += delay * 1000 - 1;
      expect(await statusOf('john', 'john')).toBe(401);
      now += 1;
    }
    expect(delays).toEqual([3, 6, 12, 24, 48, 60, 60, 60, 60]);
    expect(sim.state.findUser('john')?.attempts).toBe(9);
    // The 9th delay is over: the right password still works before the 10th failure.
    expect(await statusOf('john', 'john')).toBe(200);
  });

  it('follows the settings', async () => {
    Object.assign(sim.state.loginSettings, { loginDelayBase: 1, loginDelayFactor: 3, loginDelayMaxTime: 20 });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      delays.push(await failOnce('john'));
      now += delays[delays.length - 1]! * 1000;
    }
    expect(delays).toEqual([1, 3, 9, 20]);
  });
});

describe('a successful login', () => {
  it('resets the count: the next failure is a first one again', async () => {
    expect(await failOnce('john')).toBe(3);
    now += 3000;
    expect(await failOnce('john')).toBe(6);
    now += 6000;
    expect(await statusOf('john', 'john')).toBe(200);
    expect(sim.state.findUser('john')).toMatchObject({ attempts: 0, lockExpirationTime: null });
    expect(await failOnce('john')).toBe(3);
    expect(sim.state.findUser('john')?.attempts).toBe(1);
  });
});

describe('after loginMaxAttempts failures in a row', () => {
  async function lockForGood(user: string): Promise<void> {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      now += (await failOnce(user)) * 1000;
    }
    expect(sim.state.findUser(user)?.attempts).toBe(10);
  }

  it('the user is locked for good, until an admin unlocks it', async () => {
    await lockForGood('john');
    now += 24 * 3600 * 1000;
    const before = { ...sim.state.findUser('john') };
    expect(await statusOf('john', 'john')).toBe(401);
    expect(await statusOf('john', 'wrong')).toBe(401);
    expect(sim.state.findUser('john')).toEqual(before);

    sim.state.unlockUser('john');
    expect(await statusOf('john', 'john')).toBe(200);
  });

  it('holds even without delays (loginDelayBase 0)', async () => {
    sim.state.loginSettings.loginDelayBase = 0;
    for (let attempt = 1; attempt <= 9; attempt += 1) expect(await failOnce('john')).toBe(0);
    expect(await statusOf('john', 'john')).toBe(200);
    for (let attempt = 1; attempt <= 10; attempt += 1) await failOnce('john');
    expect(await statusOf('john', 'john')).toBe(401);
  });
});

describe('startSimulator({ loginDelayBaseSeconds })', () => {
  it('0 lets the right password in right after a wrong one (real clock)', async () => {
    const open = await startSimulator({ basicAuth: true, loginDelayBaseSeconds: 0 });
    try {
      expect(open.state.loginSettings.loginDelayBase).toBe(0);
      const call = async (password: string): Promise<number> => (await fetch(`${open.url}/version`, { headers: basic('john', password) })).status;
      expect(await call('wrong')).toBe(401);
      expect(await call('john')).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('sets the first delay', async () => {
    const slow = await startSimulator({ basicAuth: true, loginDelayBaseSeconds: 5 });
    try {
      slow.state.clock = () => START;
      expect((await fetch(`${slow.url}/version`, { headers: basic('john', 'wrong') })).status).toBe(401);
      expect(slow.state.findUser('john')?.lockExpirationTime).toBe(START + 5000);
    } finally {
      await slow.close();
    }
  });
});

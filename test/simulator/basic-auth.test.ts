// HTTP Basic authentication as the engine's ProcessEngineAuthenticationFilter does it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_AUTHORIZATION_IDS, startSimulator } from './index.js';
import type { Simulator } from './index.js';
import { loadSample } from './samples.js';

let sim: Simulator;

beforeAll(async () => {
  // No login delays: these tests send wrong passwords and then right ones at once (the engine's
  // throttling, on by default, would refuse those for 3 s; login-throttling.test.ts tests it).
  sim = await startSimulator({ basicAuth: true, loginDelayBaseSeconds: 0 });
  // A user whose password holds colons: only the first colon separates user and password.
  sim.state.users.push({ id: 'colon', firstName: 'C', lastName: 'Olon', email: 'c@example.org', password: 'pa:ss:word' });
});

afterAll(async () => {
  await sim.close();
});

function basic(credentials: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` };
}

async function call(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sim.url}${path}`, { headers });
}

async function expectChallenge(response: Response, realm = 'default'): Promise<void> {
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toBe(`Basic realm="${realm}"`);
  expect(response.headers.get('content-type')).toBeNull();
  expect(await response.text()).toBe('');
}

describe('without valid credentials', () => {
  it('answers 401 with an empty body and the challenge', async () => {
    await expectChallenge(await call('/authorization/count'));
    await expectChallenge(await call('/version'));
    await expectChallenge(await call('/no-such-resource'));
    await expectChallenge(await call('/engine/default/authorization/count'));
  });

  it.each([
    ['a wrong password', basic('demo:wrong')],
    ['an unknown user', basic('nobody:demo')],
    ['no colon', basic('demo')],
    ['an empty password', basic('demo:')],
    ['a lower-case scheme', { authorization: `basic ${Buffer.from('demo:demo').toString('base64')}` }],
    ['a Bearer token', { authorization: 'Bearer abc' }],
  ])('rejects %s', async (_label, headers) => {
    await expectChallenge(await call('/authorization/count', headers));
  });

  it('lets the engine list through unauthenticated, like basic-auth-ok-engine.json', async () => {
    for (const path of ['/engine', '/engine/']) {
      const response = await call(path);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(loadSample('basic-auth-ok-engine'));
    }
  });

  it('answers an unknown engine with the filter 404 before asking for credentials', async () => {
    const response = await call('/engine/nope/authorization');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      type: 'InvalidRequestException',
      message: 'Process engine nope not available',
      code: null,
    });
  });
});

describe('with valid credentials', () => {
  it.each(['demo:demo', 'john:john', 'mary:mary', 'colon:pa:ss:word'])('serves %s', async (credentials) => {
    const response = await call('/version', basic(credentials));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(loadSample('version'));
  });

  it('answers as the authenticated user: the admin grant for demo, a 404 for john (authorization.test.ts has the rest)', async () => {
    const path = `/authorization/${SEEDED_AUTHORIZATION_IDS.adminApplication}`;
    const asDemo = await call(path, basic('demo:demo'));
    expect(asDemo.status).toBe(200);
    expect(await asDemo.json()).toEqual(loadSample('authorization-get'));
    expect((await call(path, basic('john:john'))).status).toBe(404);
  });

  it('serves named engine paths', async () => {
    const response = await call('/engine/default/version', basic('demo:demo'));
    expect(response.status).toBe(200);
  });

  it('still answers unknown paths with the engine 404', async () => {
    const response = await call('/no-such-resource', basic('demo:demo'));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ type: 'NotFoundException' });
  });

  it('follows password changes in the state', async () => {
    const user = sim.state.findUser('mary');
    if (!user) throw new Error('seed missing');
    user.password = 'changed';
    try {
      await expectChallenge(await call('/version', basic('mary:mary')));
      expect((await call('/version', basic('mary:changed'))).status).toBe(200);
    } finally {
      user.password = 'mary';
    }
  });
});

describe('without basicAuth', () => {
  it('ignores credentials, even wrong ones', async () => {
    const open = await startSimulator();
    try {
      expect((await fetch(`${open.url}/version`)).status).toBe(200);
      expect((await fetch(`${open.url}/version`, { headers: basic('demo:wrong') })).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

// The simulator's user writes and password policy (users.ts), as the engine's source has them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from './index.js';
import type { Simulator } from './index.js';

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator({ basicAuth: true, loginDelayBaseSeconds: 0 });
});

afterEach(async () => {
  await sim.close();
});

function as(user: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`, 'content-type': 'application/json' };
}

async function call(method: string, path: string, body?: unknown, headers = as('demo', 'demo')): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sim.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

describe('POST /user/create', () => {
  it('refuses a body without a profile id, an id outside the whitelist and a duplicate, in the engine order', async () => {
    expect(await call('POST', '/user/create', { credentials: { password: 'x' } })).toEqual({
      status: 400,
      body: { type: 'InvalidRequestException', message: 'request object must provide profile information with valid id.', code: null },
    });
    expect((await call('POST', '/user/create', { profile: { id: 'a-b' } })).body).toMatchObject({
      type: 'ProcessEngineException',
      message: "User has an invalid id: 'a-b' is not a valid resource identifier.",
    });
    expect(await call('POST', '/user/create', { profile: { id: 'john' } })).toEqual({
      status: 400,
      body: { type: 'BadUserRequestException', message: 'The user already exists', code: 0 },
    });
  });

  it('wants CREATE on USER', async () => {
    const refused = await call('POST', '/user/create', { profile: { id: 'zed' }, credentials: { password: 'x' } }, as('john', 'john'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: 'AuthorizationException', missingAuthorizations: [{ permissionName: 'CREATE', resourceName: 'User' }] });
  });
});

describe('the password policy', () => {
  it('is off by default: GET and POST answer 404 without a body, and any password is taken', async () => {
    expect(await call('GET', '/identity/password-policy')).toEqual({ status: 404, body: undefined });
    expect(await call('POST', '/identity/password-policy', { password: 'x' })).toEqual({ status: 404, body: undefined });
    expect((await call('POST', '/user/create', { profile: { id: 'weak' }, credentials: { password: 'a' } })).status).toBe(204);
  });

  it("when on: the default policy's rules, the check per rule, and SaveUserCmd's refusal", async () => {
    sim.state.passwordPolicyEnabled = true;
    const policy = await call('GET', '/identity/password-policy');
    expect(policy.body).toEqual({
      rules: [
        { placeholder: 'PASSWORD_POLICY_USER_DATA', parameter: null },
        { placeholder: 'PASSWORD_POLICY_LENGTH', parameter: { minLength: '10' } },
        { placeholder: 'PASSWORD_POLICY_LOWERCASE', parameter: { minLowerCase: '1' } },
        { placeholder: 'PASSWORD_POLICY_UPPERCASE', parameter: { minUpperCase: '1' } },
        { placeholder: 'PASSWORD_POLICY_DIGIT', parameter: { minDigit: '1' } },
        { placeholder: 'PASSWORD_POLICY_SPECIAL', parameter: { minSpecial: '1' } },
      ],
    });
    const check = (await call('POST', '/identity/password-policy', { password: 'Alice-2026-x', profile: { id: 'alice', firstName: 'Alice' } })).body as {
      rules: { placeholder: string; valid: boolean }[];
      valid: boolean;
    };
    expect(check.valid).toBe(false);
    expect(check.rules.filter((rule) => !rule.valid).map((rule) => rule.placeholder)).toEqual(['PASSWORD_POLICY_USER_DATA']);
    expect(await call('POST', '/user/create', { profile: { id: 'weak' }, credentials: { password: 'short' } })).toEqual({
      status: 500,
      body: { type: 'ProcessEngineException', message: 'Password does not match policy', code: 0 },
    });
    expect((await call('POST', '/user/create', { profile: { id: 'strong' }, credentials: { password: 'Str0ng!Passw0rd' } })).status).toBe(204);
  });
});

describe('PUT /user/{id}/credentials', () => {
  it('checks the caller password like a login: a wrong one counts an attempt, a missing one does not', async () => {
    const wrong = await call('PUT', '/user/john/credentials', { password: 'new', authenticatedUserPassword: 'nope' });
    expect(wrong).toEqual({
      status: 400,
      body: { type: 'InvalidRequestException', message: 'The given authenticated user password is not valid.', code: null },
    });
    expect(sim.state.findUser('demo')?.attempts).toBe(1);
    expect((await call('PUT', '/user/john/credentials', { password: 'new' })).status).toBe(400);
    expect(sim.state.findUser('demo')?.attempts).toBe(0);
    expect((await call('PUT', '/user/john/credentials', { password: 'new', authenticatedUserPassword: 'demo' })).status).toBe(204);
    expect(sim.state.findUser('john')?.password).toBe('new');
  });
});

describe('unlock, delete, read-only', () => {
  it('unlock is for admins; delete removes memberships and the authorizations on the user', async () => {
    sim.state.users.find((user) => user.id === 'mary')!.attempts = 10;
    expect((await call('POST', '/user/mary/unlock', undefined, as('john', 'john'))).body).toMatchObject({
      message: 'ENGINE-03029 Required admin authenticated group or user.',
    });
    expect((await call('POST', '/user/mary/unlock')).status).toBe(204);
    expect(sim.state.findUser('mary')?.attempts).toBe(0);
    sim.state.tenantMemberships.push({ tenantId: 't1', userId: 'mary' });
    expect((await call('DELETE', '/user/mary')).status).toBe(204);
    expect(sim.state.memberships.some((membership) => membership.userId === 'mary')).toBe(false);
    expect(sim.state.tenantMemberships).toEqual([]);
    expect((await call('DELETE', '/user/mary')).status).toBe(204);
  });

  it('a read-only provider refuses every write with 403 and leaves write links out', async () => {
    sim.state.identityReadOnly = true;
    for (const [method, path, body] of [
      ['POST', '/user/create', { profile: { id: 'x' } }],
      ['PUT', '/user/john/profile', { id: 'john' }],
      ['PUT', '/user/john/credentials', { password: 'x', authenticatedUserPassword: 'demo' }],
      ['POST', '/user/john/unlock', undefined],
      ['DELETE', '/user/john', undefined],
    ] as const) {
      expect(await call(method, path, body)).toEqual({
        status: 403,
        body: { type: 'InvalidRequestException', message: 'Identity service implementation is read-only.', code: null },
      });
    }
    const links = (await call('OPTIONS', '/user/john')).body as { links: { rel: string }[] };
    expect(links.links.map((link) => link.rel)).toEqual(['self']);
  });
});

// The simulator over a real socket, spoken to with plain fetch like any HTTP client would.
import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEEDED_AUTHORIZATION_IDS, startSimulator } from './index.js';
import type { Simulator } from './index.js';
import { loadSample, loadSampleAt } from './samples.js';

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator();
});

afterEach(async () => {
  await sim.close();
});

async function getJson(path: string, init?: RequestInit): Promise<{ status: number; contentType: string | null; body: unknown }> {
  const response = await fetch(`${sim.url}${path}`, init);
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.json() };
}

describe('startSimulator', () => {
  it('listens on loopback with the /engine-rest root', () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/engine-rest$/);
    expect(sim.url.startsWith(sim.origin)).toBe(true);
    expect(sim.origin).not.toBe('http://127.0.0.1:0');
  });

  it('serves another REST root when asked', async () => {
    const other = await startSimulator({ restRoot: '/rest/' });
    try {
      expect(other.url).toBe(`${other.origin}/rest`);
      const response = await fetch(`${other.url}/version`);
      expect(await response.json()).toEqual({ version: '7.24.0-SNAPSHOT' });
      expect((await fetch(`${other.origin}/engine-rest/version`)).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('gives each simulator its own state', async () => {
    const other = await startSimulator();
    try {
      other.state.authorizations.pop();
      expect(sim.state.authorizations.length).toBe(other.state.authorizations.length + 1);
    } finally {
      await other.close();
    }
  });
});

describe('engine and version', () => {
  it('lists the default engine like engine-list.json', async () => {
    const result = await getJson('/engine');
    expect(result).toEqual({ status: 200, contentType: 'application/json', body: loadSample('engine-list') });
  });

  it('reports the version like version.json', async () => {
    const result = await getJson('/version');
    expect(result).toEqual({ status: 200, contentType: 'application/json', body: loadSample('version') });
  });

  it('reflects state changes in the engine list', async () => {
    sim.state.engines.push('second');
    expect((await getJson('/engine')).body).toEqual([{ name: 'default' }, { name: 'second' }]);
  });
});

describe('GET /authorization/{id}', () => {
  it('returns the seeded camunda-admin grant exactly like authorization-get.json', async () => {
    const result = await getJson(`/authorization/${SEEDED_AUTHORIZATION_IDS.adminApplication}`);
    expect(result).toEqual({ status: 200, contentType: 'application/json', body: loadSample('authorization-get') });
  });

  it('returns the john grant like the created authorization of authorization-create.json', async () => {
    const result = await getJson(`/authorization/${SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant}`);
    expect(result.body).toEqual(loadSample('authorization-create'));
  });

  it('answers an unknown id like authorization-get-404.json', async () => {
    const result = await getJson('/authorization/does-not-exist');
    expect(result).toEqual({ status: 404, contentType: 'application/json', body: loadSample('authorization-get-404') });
  });

  it('serves the current state, not a snapshot', async () => {
    const auth = sim.state.findAuthorization(SEEDED_AUTHORIZATION_IDS.globalFilterRead);
    if (!auth) throw new Error('seed missing');
    auth.permissions = ['READ', 'UPDATE'];
    expect((await getJson(`/authorization/${auth.id}`)).body).toMatchObject({ permissions: ['READ', 'UPDATE'] });
  });
});

describe('percent-encoded ids', () => {
  it.each([
    ['a%2Fb', 'a/b'],
    ['..%2Fgroup', '../group'],
    ['a%20b', 'a b'],
    ['%C3%A4rger', 'ärger'],
  ])('delivers %s to the handler as the single id %j', async (encoded, decoded) => {
    const result = await getJson(`/authorization/${encoded}`);
    expect(result.status).toBe(404);
    expect(result.body).toEqual({
      type: 'InvalidRequestException',
      message: `Authorization with id ${decoded} does not exist.`,
      code: null,
    });
    expect(sim.requests.at(-1)?.path).toBe(`/engine-rest/authorization/${encoded}`);
  });

  it('finds an authorization whose id needs encoding', async () => {
    const seeded = sim.state.findAuthorization(SEEDED_AUTHORIZATION_IDS.globalFilterRead);
    if (!seeded) throw new Error('seed missing');
    sim.state.authorizations.push({ ...seeded, id: 'odd/id with space' });
    const result = await getJson(`/authorization/${encodeURIComponent('odd/id with space')}`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ id: 'odd/id with space' });
  });
});

describe('OPTIONS', () => {
  it('lists the collection links like authorization-options.json, with absolute hrefs of this server', async () => {
    const result = await getJson('/authorization', { method: 'OPTIONS' });
    expect(result.status).toBe(200);
    expect(result.body).toEqual(loadSampleAt('authorization-options', sim.url));
  });

  it('lists the instance links like authorization-options-id.json', async () => {
    const result = await getJson(`/authorization/${SEEDED_AUTHORIZATION_IDS.adminApplication}`, { method: 'OPTIONS' });
    expect(result.status).toBe(200);
    expect(result.body).toEqual(loadSampleAt('authorization-options-id', sim.url));
  });

  it('builds hrefs from the Host the client used', async () => {
    // fetch will not let a caller set Host, so speak HTTP/1.1 directly.
    const { port } = new URL(sim.origin);
    const body = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, method: 'OPTIONS', path: '/engine-rest/authorization', headers: { host: `camunda.example:${port}` } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve(text));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(JSON.parse(body)).toEqual(loadSampleAt('authorization-options', `http://camunda.example:${port}/engine-rest`));
  });

  it('encodes the id in the instance hrefs', async () => {
    const result = await getJson('/authorization/a%20b', { method: 'OPTIONS' });
    expect(result.body).toMatchObject({ links: [{ rel: 'self', href: `${sim.url}/authorization/a%20b` }, {}, {}] });
  });
});

describe('named engine paths', () => {
  it('serves the default engine under /engine/default', async () => {
    const direct = await getJson(`/authorization/${SEEDED_AUTHORIZATION_IDS.adminApplication}`);
    const named = await getJson(`/engine/default/authorization/${SEEDED_AUTHORIZATION_IDS.adminApplication}`);
    expect(named).toEqual(direct);
    expect((await getJson('/engine/default/authorization/count')).body).toEqual({ count: sim.state.authorizations.length });
    expect((await getJson('/engine/default/version')).body).toEqual(loadSample('version'));
  });

  it('links to the named engine in OPTIONS hrefs', async () => {
    const result = await getJson('/engine/default/authorization', { method: 'OPTIONS' });
    expect(result.body).toEqual(loadSampleAt('authorization-options', `${sim.url}/engine/default`));
  });

  it('answers an unknown engine like unknown-engine.json', async () => {
    for (const path of ['/engine/nope/process-definition', '/engine/nope/authorization', '/engine/nope/authorization/count', '/engine/nope/authorization/x']) {
      const result = await getJson(path);
      expect({ path, ...result }).toEqual({ path, status: 400, contentType: 'application/json', body: loadSample('unknown-engine') });
    }
  });

  it('still reports the version on an unknown engine (the version resource never looks the engine up)', async () => {
    expect((await getJson('/engine/nope/version')).status).toBe(200);
  });

  it('answers paths that are no resource with 404 even on an unknown engine', async () => {
    const result = await getJson('/engine/nope/no-such-resource');
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ type: 'NotFoundException' });
  });
});

describe('unknown paths', () => {
  it('answers like unknown-path-404.json, naming the full URL', async () => {
    const result = await getJson('/no-such-resource');
    const expected = loadSampleAt('unknown-path-404', sim.url);
    expect(result).toEqual({ status: 404, contentType: 'application/json', body: expected });
  });

  it('names the raw path and query in the message', async () => {
    const result = await getJson('/no/such%2Fthing?x=1');
    expect(result.body).toEqual({
      type: 'NotFoundException',
      message: `RESTEASY003210: Could not find resource for full path: ${sim.url}/no/such%2Fthing?x=1`,
      code: null,
    });
  });

  it('answers unsupported methods on known paths and paths outside the root with the same 404', async () => {
    expect((await getJson('/version', { method: 'DELETE' })).status).toBe(404);
    const outside = await fetch(`${sim.origin}/elsewhere`);
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ type: 'NotFoundException' });
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await fetch(`${sim.url}/version`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('');
  });
});

describe('request recording', () => {
  it('records method, raw path and query, headers and body', async () => {
    await fetch(`${sim.url}/authorization/create?x=%2F`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trace': 'abc' },
      body: JSON.stringify({ type: 1 }),
    });
    await fetch(`${sim.url}/version`);
    expect(sim.requests).toHaveLength(2);
    expect(sim.requests[0]).toMatchObject({
      method: 'POST',
      path: '/engine-rest/authorization/create?x=%2F',
      body: '{"type":1}',
      headers: { 'content-type': 'application/json', 'x-trace': 'abc' },
    });
    expect(sim.requests[1]).toMatchObject({ method: 'GET', path: '/engine-rest/version', body: '' });
  });
});

// Injected faults: what proxies, networks and overloaded engines do to a client.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from './index.js';
import type { Simulator } from './index.js';
import { loadSample } from './samples.js';

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator();
});

afterEach(async () => {
  await sim.close();
});

const PROXY_PAGE = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>';

describe('status answers', () => {
  it('sends a 502 HTML proxy page', async () => {
    sim.inject({ status: 502, body: PROXY_PAGE, contentType: 'text/html' });
    const response = await fetch(`${sim.url}/version`);
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(await response.text()).toBe(PROXY_PAGE);
  });

  it('sends an empty 502 without Content-Type', async () => {
    sim.inject({ status: 502 });
    const response = await fetch(`${sim.url}/version`);
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBeNull();
    expect(response.headers.get('content-length')).toBe('0');
    expect(await response.text()).toBe('');
  });

  it('sends a 503 text/html page with extra headers', async () => {
    sim.inject({ status: 503, body: '<h1>Service Unavailable</h1>', contentType: 'text/html; charset=utf-8', headers: { 'Retry-After': '5' } });
    const response = await fetch(`${sim.url}/version`);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.text()).toBe('<h1>Service Unavailable</h1>');
  });

  it('sends an engine error body', async () => {
    const body = JSON.stringify(loadSample('authorization-create-global-with-user'));
    sim.inject({ status: 500, body, contentType: 'application/json' });
    const response = await fetch(`${sim.url}/authorization/create`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual(loadSample('authorization-create-global-with-user'));
  });

  it('adds headers to the engine answer when no status is given', async () => {
    sim.inject({ headers: { 'X-Proxy': 'yes' } });
    const response = await fetch(`${sim.url}/version`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-proxy')).toBe('yes');
    expect(await response.json()).toEqual(loadSample('version'));
  });
});

describe('matching', () => {
  it('applies only to the given method and path (after the REST root)', async () => {
    sim.inject({ method: 'get', path: /^\/authorization\/count$/, status: 503 });
    expect((await fetch(`${sim.url}/authorization/count`)).status).toBe(503);
    expect((await fetch(`${sim.url}/engine/default/authorization/count`)).status).toBe(200);
    expect((await fetch(`${sim.url}/authorization`)).status).toBe(200);
    expect((await fetch(`${sim.url}/authorization/count`, { method: 'HEAD' })).status).toBe(200);
    // The path is matched without the query.
    expect((await fetch(`${sim.url}/authorization/count?type=1`)).status).toBe(503);
  });

  it('applies `times` times, then lets the engine answer', async () => {
    sim.inject({ status: 502, times: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await fetch(`${sim.url}/version`)).status);
    expect(statuses).toEqual([502, 502, 200, 200]);
  });

  it('uses the first matching fault, in injection order', async () => {
    sim.inject({ path: /^\/version$/, status: 503, times: 1 });
    sim.inject({ status: 502 });
    expect((await fetch(`${sim.url}/version`)).status).toBe(503);
    expect((await fetch(`${sim.url}/version`)).status).toBe(502);
    expect((await fetch(`${sim.url}/engine`)).status).toBe(502);
  });

  it('stops after clearFaults', async () => {
    sim.inject({ status: 502 });
    expect((await fetch(`${sim.url}/version`)).status).toBe(502);
    sim.clearFaults();
    expect((await fetch(`${sim.url}/version`)).status).toBe(200);
  });

  it('comes before Basic auth, like a proxy in front of the engine', async () => {
    const secured = await startSimulator({ basicAuth: true });
    try {
      secured.inject({ status: 502, times: 1 });
      expect((await fetch(`${secured.url}/version`)).status).toBe(502);
      expect((await fetch(`${secured.url}/version`)).status).toBe(401);
    } finally {
      await secured.close();
    }
  });

  it('records faulted requests too', async () => {
    sim.inject({ status: 502 });
    await fetch(`${sim.url}/version?x=1`);
    expect(sim.requests).toMatchObject([{ method: 'GET', path: '/engine-rest/version?x=1' }]);
  });
});

describe('connection faults', () => {
  it('resets the connection without an answer', async () => {
    sim.inject({ resetConnection: true, times: 1 });
    await expect(fetch(`${sim.url}/version`)).rejects.toThrow(TypeError);
    expect((await fetch(`${sim.url}/version`)).status).toBe(200);
  });

  it('truncates the body after the headers', async () => {
    sim.inject({ truncateBody: true, times: 1 });
    const response = await fetch(`${sim.url}/authorization`);
    expect(response.status).toBe(200);
    const fullLength = Number(response.headers.get('content-length'));
    expect(fullLength).toBeGreaterThan(1000);
    await expect(response.text()).rejects.toThrow();
  });

  it('truncates a status answer too', async () => {
    sim.inject({ status: 502, body: PROXY_PAGE, contentType: 'text/html', truncateBody: true });
    const response = await fetch(`${sim.url}/version`);
    expect(response.status).toBe(502);
    await expect(response.text()).rejects.toThrow();
  });

  it('delays the headers past a client timeout', async () => {
    // Far longer than the test may take: only the client's timeout can end the wait.
    sim.inject({ delayHeadersMs: 600_000, times: 1 });
    await expect(fetch(`${sim.url}/version`, { signal: AbortSignal.timeout(100) })).rejects.toThrow(/timeout|aborted/i);
    // The server is not stuck on the abandoned request.
    expect((await fetch(`${sim.url}/version`)).status).toBe(200);
  });

  it('answers normally after a delay without a status', async () => {
    sim.inject({ delayHeadersMs: 150, times: 1 });
    const started = Date.now();
    const response = await fetch(`${sim.url}/version`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(await response.json()).toEqual(loadSample('version'));
  });

  it('delays, then resets', async () => {
    sim.inject({ delayHeadersMs: 100, resetConnection: true, times: 1 });
    const started = Date.now();
    await expect(fetch(`${sim.url}/version`)).rejects.toThrow(TypeError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });
});

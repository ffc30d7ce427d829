// The engine's queryMaxResultsLimit (QueryMaxResultsLimitUtil via AbstractQuery): with a user
// authenticated, list queries without maxResults or above the limit are the captured 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from './index.js';
import { loadSample } from './samples.js';

const DEMO = `Basic ${Buffer.from('demo:demo').toString('base64')}`;

describe('queryMaxResultsLimit', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ basicAuth: true, queryMaxResultsLimit: 1000 });
  });
  afterAll(async () => {
    await sim.close();
  });
  const get = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${sim.url}${path}`, {
      ...init,
      headers: { authorization: DEMO, 'content-type': 'application/json', ...(init.headers ?? {}) },
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('refuses a list query without maxResults, or with firstResult only, as the engine does', async () => {
    const unbound = loadSample('query-max-results-unbound');
    expect(await get('/process-definition?key=invoice&version=1')).toEqual({ status: 400, body: unbound });
    expect(await get('/authorization?firstResult=0')).toEqual({ status: 400, body: unbound });
    for (const path of ['/group', '/user?memberOfGroup=sales', '/batch/statistics', '/batch', '/history/batch']) {
      expect(await get(path)).toEqual({ status: 400, body: unbound });
    }
  });

  it('refuses a page above the limit, GET and POST', async () => {
    expect(await get('/authorization?firstResult=0&maxResults=1001')).toEqual({ status: 400, body: loadSample('query-max-results-exceeded') });
    expect(await get('/process-instance?firstResult=0&maxResults=5000', { method: 'POST', body: JSON.stringify({ processInstanceIds: ['x'] }) })).toEqual({
      status: 400,
      body: loadSample('query-max-results-exceeded-post'),
    });
  });

  it('answers pages within the limit, counts, long id lists and metrics', async () => {
    expect((await get('/authorization?firstResult=0&maxResults=1000')).status).toBe(200);
    const ids = Array.from({ length: 5000 }, (_, index) => `x${index}`);
    expect(await get('/process-instance/count', { method: 'POST', body: JSON.stringify({ processInstanceIds: ids }) })).toEqual({
      status: 200,
      body: { count: 0 },
    });
    expect((await get('/process-instance?firstResult=0&maxResults=10', { method: 'POST', body: JSON.stringify({ processInstanceIds: ids }) })).status).toBe(
      200,
    );
    expect((await get('/metrics')).status).toBe(200);
  });
});

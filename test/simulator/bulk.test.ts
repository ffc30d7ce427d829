// Bulk data for benchmarks: 100,000 extra groups and authorizations (SimulatorOptions.extraGroups /
// extraAuthorizations, state.seedGroups / seedAuthorizations, main.ts --extra-groups /
// --extra-authorizations), with list paging still fast: one linear pass per request, no per-row scan
// of the authorizations, also under Basic auth.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from './client.js';
import { createEngineState, extraAuthorizationId, extraGroupId, ResourceType, startSimulator } from './index.js';
import type { Simulator } from './index.js';

const N = 100_000;

describe('the bulk seed', () => {
  it('names groups group00001.. (group100000 has six digits) and continues over calls', () => {
    const state = createEngineState();
    expect(state.seedGroups(2)).toEqual([
      { id: 'group00001', name: 'Group 00001', type: 'WORKFLOW' },
      { id: 'group00002', name: 'Group 00002', type: 'WORKFLOW' },
    ]);
    expect(state.seedGroups(1).map((group) => group.id)).toEqual(['group00003']);
    expect(extraGroupId(100_000)).toBe('group100000');
    // Kept in id order.
    expect(state.groups.map((group) => group.id)).toEqual(['accounting', 'camunda-admin', 'group00001', 'group00002', 'group00003', 'management', 'sales']);
  });

  it('adds GRANT READ on GROUP group0000n for group group0000n, ids after every other one', () => {
    const state = createEngineState();
    const [first] = state.seedAuthorizations(2);
    expect(first).toEqual({
      id: extraAuthorizationId(1),
      type: 1,
      permissions: ['READ'],
      userId: null,
      groupId: 'group00001',
      resourceType: ResourceType.GROUP,
      resourceId: 'group00001',
      removalTime: null,
      rootProcessInstanceId: null,
    });
    expect(state.authorizations.at(-1)?.id).toBe(extraAuthorizationId(2));
    expect([...state.authorizations.map((auth) => auth.id)].sort().slice(-2)).toEqual([extraAuthorizationId(1), extraAuthorizationId(2)]);
  });
});

describe(`${N} extra groups and ${N} extra authorizations`, () => {
  let sim: Simulator;
  let secured: Simulator;

  beforeAll(async () => {
    sim = await startSimulator({ extraGroups: N, extraAuthorizations: N });
    secured = await startSimulator({ basicAuth: true, extraGroups: N, extraAuthorizations: N });
  });

  afterAll(async () => {
    await Promise.all([sim.close(), secured.close()]);
  });

  /**
   * Runs the requests, each answered 200. What must never come back is per-row work over all rows or
   * all authorizations (100,000 x 100,000), which takes minutes: the test's timeout catches that, with
   * no assertion on how fast a page is (npm run bench measures speed; a loaded machine must not fail).
   */
  async function answers(target: Simulator, paths: string[], basicAuth?: string): Promise<number> {
    let rows = 0;
    for (const path of paths) {
      const answer = await get(target, path, basicAuth === undefined ? {} : { basicAuth });
      expect(answer.status).toBe(200);
      rows += Array.isArray(answer.body) ? answer.body.length : 1;
    }
    return rows;
  }

  /** Minutes of per-row work would pass this; a linear pass takes well under a second even when loaded. */
  const LINEAR_WORK_TIMEOUT_MS = 60_000;

  const pages = (resource: string, pageSize: number): string[] =>
    [0, 1, 2, 50_000, 99_000, N].map((first) => `/${resource}?firstResult=${first}&maxResults=${pageSize}`);

  it('counts and pages the groups in id order', async () => {
    expect((await get(sim, '/group/count')).body).toEqual({ count: N + 4 });
    const first = (await get(sim, '/group?maxResults=3')).body as { id: string }[];
    expect(first.map((group) => group.id)).toEqual(['accounting', 'camunda-admin', 'group00001']);
    const last = (await get(sim, `/group?firstResult=${N + 1}&maxResults=10`)).body as { id: string }[];
    expect(last.map((group) => group.id)).toEqual(['group99999', 'management', 'sales']);
    expect((await get(sim, '/group?idIn=group12345,group54321&sortBy=id&sortOrder=desc')).body).toEqual([
      { id: 'group54321', name: 'Group 54321', type: 'WORKFLOW' },
      { id: 'group12345', name: 'Group 12345', type: 'WORKFLOW' },
    ]);
  });

  it('pages groups in one pass per request', { timeout: LINEAR_WORK_TIMEOUT_MS }, async () => {
    // Five full pages of 500, and the last one holds the 4 groups past the first N.
    expect(await answers(sim, pages('group', 500))).toBe(5 * 500 + 4);
    expect(await answers(sim, ['/group?sortBy=name&sortOrder=desc&firstResult=70000&maxResults=100', '/group/count?nameLike=Group 1%25'])).toBe(101);
  });

  it('counts and pages the authorizations in one pass per request', { timeout: LINEAR_WORK_TIMEOUT_MS }, async () => {
    const seeded = createEngineState().authorizations.length;
    expect((await get(sim, '/authorization/count')).body).toEqual({ count: seeded + N });
    const last = (await get(sim, `/authorization?firstResult=${seeded + N - 1}`)).body as { id: string }[];
    expect(last.map((auth) => auth.id)).toEqual([extraAuthorizationId(N)]);
    expect(await answers(sim, pages('authorization', 500))).toBe(5 * 500 + Math.min(500, seeded));
  });

  it('under Basic auth too: the READ filter is one pass over the caller’s authorizations', { timeout: LINEAR_WORK_TIMEOUT_MS }, async () => {
    expect((await get(secured, '/group/count', { basicAuth: 'demo:demo' })).body).toEqual({ count: N + 4 });
    expect((await get(secured, '/group/count', { basicAuth: 'john:john' })).body).toEqual({ count: 0 });
    expect(await answers(secured, pages('group', 500), 'demo:demo')).toBe(5 * 500 + 4);
    expect(await answers(secured, pages('authorization', 500), 'demo:demo')).toBeGreaterThanOrEqual(5 * 500);
    // john reads only his own few authorizations: every page past them is empty.
    expect(await answers(secured, pages('authorization', 500), 'john:john')).toBeLessThan(500);
  });
});

describe('main.ts --extra-groups / --extra-authorizations', () => {
  let dir: string;
  let outfile: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'camunda-simulator-'));
    outfile = join(dir, 'simulator.mjs');
    await build({
      entryPoints: [new URL('./main.ts', import.meta.url).pathname],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      logLevel: 'silent',
    });
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('seeds the bulk data', async () => {
    const child = spawn(process.execPath, [outfile, '--extra-groups', '3', '--extra-authorizations', '2'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk: string) => {
          output += chunk;
          const match = /^camunda engine simulator listening on (\S+)\n/m.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`simulator exited early with ${code}: ${output}`)));
      });
      expect(await (await fetch(`${url}/group/count`)).json()).toEqual({ count: 7 });
      expect(await (await fetch(`${url}/authorization/count?groupIdIn=group00001,group00002,group00003`)).json()).toEqual({ count: 2 });
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 20_000);

  it('rejects a count that is no integer with usage and exit code 2', async () => {
    const child = spawn(process.execPath, [outfile, '--extra-groups', 'many'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    expect(await new Promise<number | null>((resolve) => child.once('exit', resolve))).toBe(2);
    expect(stderr).toContain("--extra-groups must be an integer from 0 to 10000000, got 'many'");
    expect(stderr).toContain('usage:');
  }, 20_000);
});

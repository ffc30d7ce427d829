// The line of a second Ctrl-C, which ends the process before the run can print its own: it names
// the changes sent and not answered (in flight, or abandoned by the first Ctrl-C), never a read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineHttp } from '../../src/engine/http.js';
import { enginePath } from '../../src/engine/paths.js';
import { Interrupt } from '../../src/interrupt.js';
import { type Simulator, startSimulator } from '../simulator/index.js';

let engine: Simulator;
beforeAll(async () => {
  engine = await startSimulator();
});
afterAll(async () => {
  await engine.close();
});

async function untilReceived(method: string): Promise<void> {
  for (let waited = 0; !engine.requests.some((request) => request.method === method) && waited < 10_000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a second Ctrl-C', () => {
  it('names the change in flight, then abandoned, and not the read beside it', async () => {
    const interrupt = new Interrupt();
    const http = new EngineHttp({ baseUrl: engine.url, timeoutMs: 10_000, retries: 0, userAgent: 't', interrupt: interrupt.signal });
    interrupt.watchRequests(() => [...http.inFlight, ...http.abandoned]);
    engine.inject({ method: 'POST', path: /^\/group\/create$/, delayHeadersMs: 5_000 });
    engine.inject({ method: 'GET', path: /^\/group$/, delayHeadersMs: 5_000 });
    expect(interrupt.forcedStopLine()).toBe('interrupted again: stopped at once');

    const change = http.request({ method: 'POST', path: enginePath`/group/create`, body: { id: 'x', name: 'x' } }).catch((error: unknown) => error);
    const read = http.request({ method: 'GET', path: enginePath`/group` }).catch((error: unknown) => error);
    await untilReceived('POST');
    await untilReceived('GET');
    const line = `interrupted again: stopped at once while POST ${engine.url}/group/create was in flight: the engine may still carry it out; check before repeating it`;
    expect(interrupt.forcedStopLine()).toBe(line);

    // The first Ctrl-C abandons both: the change is still the one to check.
    interrupt.trigger();
    await Promise.all([change, read]);
    expect(http.inFlight).toEqual([]);
    expect(interrupt.forcedStopLine()).toBe(line);
    await http.close();
  });
});

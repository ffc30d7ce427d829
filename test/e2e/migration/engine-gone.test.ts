// A chunked run whose engine goes away mid-run (issue 31, item 8): the run says what was done, what
// failed, that the report was written, and how to continue; --resume, once the engine is back, does the
// rest. The engine "goes down" behind a link of the test's own: after the answer to the second chunk it
// stops listening, so that the third chunk, and the check after it, find the connection refused.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS, SEEDED_PROCESS_INSTANCE_IDS as INSTANCES } from '../../simulator/index.js';
import { runCli } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';
import { DEMO_PLAN } from '../../helpers/plans.js';

/** A link to `target` on 127.0.0.1 that goes down (stops listening) after `executes` answers to /migration/execute. */
async function engineLink(target: string, executes: number): Promise<{ url: string; up: () => Promise<void>; close: () => Promise<void> }> {
  const origin = new URL(target);
  let answered = 0;
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      const current = createServer((incoming, outgoing) => {
        const forwarded = httpRequest(
          { host: origin.hostname, port: origin.port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, connection: 'close' } },
          (answer) => {
            const last = incoming.method === 'POST' && /\/migration\/execute$/.test(incoming.url ?? '') && ++answered === executes;
            // The engine is gone once this answer is out: no new connection is taken, and this one closes.
            if (last) current.close();
            outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, connection: 'close' });
            answer.pipe(outgoing);
          },
        );
        incoming.pipe(forwarded);
      });
      server = current;
      current.listen(port, '127.0.0.1', () => {
        port = (current.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    url: `http://127.0.0.1:${port}${origin.pathname}`,
    up: async () => {
      answered = Number.NEGATIVE_INFINITY;
      await listen();
    },
    close: () => new Promise<void>((resolve) => (server!.listening ? server!.close(() => resolve()) : resolve())),
  };
}

describe('a chunked run whose engine goes away', () => {
  test('says what was done, what failed, writes the report and says how to resume (exit 8); --resume does the rest', async ({ engine, cwd }) => {
    writeFileSync(join(cwd, 'plan.yaml'), toYaml(DEMO_PLAN));
    const link = await engineLink(engine.url, 2);
    try {
      const cli = (...args: string[]) => runCli(['--url', link.url, '--retries', '0', 'migration', 'execute', 'plan.yaml', ...args], { cwd });
      const ids = [INSTANCES.demoV1First, INSTANCES.demoV1Second, INSTANCES.demoV1Third];
      const stopped = await cli('--instances', ids.join(','), '--chunk-size', '1', '--report', 'report.json', '--yes', '-o', 'json');
      const journal = join(cwd, 'plan.yaml.journal.jsonl');
      expect(stopped.stderr).toContain('chunk 1/3: migrated 1 instance\nchunk 2/3: migrated 1 instance\n');
      expect(stopped.stderr).toContain(`migrated (2): ${ids[0]}, ${ids[1]}\n`);
      expect(stopped.stderr).toContain(`not migrated (1): ${ids[2]}\n`);
      expect(stopped.stderr).toContain('report written to report.json\n');
      const error = stopped.stderr.split('\n').filter((line) => line.startsWith('error: '));
      expect(error).toHaveLength(1);
      expect(error[0]).toMatch(
        /^error: chunk 3\/3 failed: POST \S+\/migration\/execute: connection refused .*; the engine could not be asked where the instances are now \(it is unreachable too: connection refused\): the outcome and the report are the journal's \(2 confirmed migrated\); once the engine answers again, continue with --resume \(journal plan\.yaml\.journal\.jsonl\)$/,
      );
      // Chunks were done: partly done, as when the engine answers the check (docs/exit-codes.md).
      expect(stopped.code).toBe(8);
      const summary = JSON.parse(stopped.stdout) as { outcomeFrom: string; outcome: Record<string, number>; chunks: { done: number; failed: number } };
      expect(summary.outcomeFrom).toBe('journal');
      expect(summary.outcome).toEqual({ migrated: 2, 'already-migrated': 0, 'on-source': 1, ended: 0, unknown: 0 });
      expect(summary.chunks).toMatchObject({ done: 2, failed: 1 });
      const report = JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8')) as { outcomeFrom: string; instances: { id: string; outcome: string }[] };
      expect(report.outcomeFrom).toBe('journal');
      expect(report.instances.map((instance) => [instance.id, instance.outcome])).toEqual([
        [ids[0], 'migrated'],
        [ids[1], 'migrated'],
        [ids[2], 'on-source'],
      ]);
      expect(readFileSync(journal, 'utf8')).toContain('"event":"failed","chunk":3');

      await link.up();
      const resumed = await cli('--resume', '--yes');
      expect(resumed.code).toBe(0);
      expect(resumed.stderr).toContain('resuming plan.yaml.journal.jsonl: 2 of 3 instances confirmed migrated, 0 more no longer on the source, 1 to go');
      expect(ids.map((id) => engine.state.findProcessInstance(id)?.definitionId)).toEqual([DEFINITIONS.v2, DEFINITIONS.v2, DEFINITIONS.v2]);
    } finally {
      await link.close();
    }
  });
});

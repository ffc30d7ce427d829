// migration execute: selection, confirmation, dry run, sync and chunked runs, journal and resume.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import {
  SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS,
  SEEDED_PROCESS_INSTANCE_IDS as INSTANCES,
  type Simulator,
  startSimulator,
} from '../../simulator/index.js';
import { cleanEnv, runCli, spawnCli, tempDir } from '../../helpers/cli.js';
import { DEMO_PLAN } from '../../helpers/plans.js';
import { showsDocumentedLine } from '../../helpers/docs.js';

let engine: Simulator;
beforeEach(async () => {
  engine = await startSimulator();
});
afterEach(async () => {
  await engine.close();
});

/** Maps everything of invoice v1 but approveInvoice, whose instances therefore cannot migrate. */
const INVOICE_PLAN = {
  source: 'invoice:1',
  target: 'invoice:2',
  instructions: ['prepareBankTransfer', 'reviewInvoice', 'archiveInvoice'].map((id) => ({ sourceActivityIds: [id], targetActivityIds: [id] })),
};

function planDir(plan: object): string {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'plan.yaml'), toYaml(plan));
  return cwd;
}
const cli = (args: string[], cwd: string, stdin?: string) =>
  runCli(['--url', engine.url, '--retries', '0', ...args], { cwd, ...(stdin === undefined ? {} : { stdin }) });
const executes = () => engine.requests.filter((request) => request.method === 'POST' && /\/migration\/execute(Async)?$/.test(request.path));
const executedIds = () => executes().flatMap((request) => (JSON.parse(request.body) as { processInstanceIds: string[] }).processInstanceIds);
const definitionOf = (id: string) => engine.state.findProcessInstance(id)?.definitionId;
const demoV1 = [INSTANCES.demoV1First, INSTANCES.demoV1Second, INSTANCES.demoV1Third];

describe('before anything is executed', () => {
  it('refuses without --yes when not on a terminal, sending nothing', async () => {
    const cwd = planDir(DEMO_PLAN);
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`3 instances: refengine-demo:1 (${DEFINITIONS.v1}) -> refengine-demo:2 (${DEFINITIONS.v2})`);
    expect(result.stderr).toContain('confirmation needed; pass --yes to confirm when not on a terminal');
    expect(executes()).toEqual([]);
    expect(demoV1.map(definitionOf)).toEqual([DEFINITIONS.v1, DEFINITIONS.v1, DEFINITIONS.v1]);
  });

  it('refuses with CI set', async () => {
    const cwd = planDir(DEMO_PLAN);
    const result = await runCli(['--url', engine.url, 'migration', 'execute', 'plan.yaml', '--all-instances'], { cwd, env: cleanEnv({ CI: 'true' }) });
    expect(result.code).toBe(2);
    expect(executes()).toEqual([]);
  });

  it('--dry-run prints the exact request body and sends nothing', async () => {
    const cwd = planDir(DEMO_PLAN);
    const result = await cli(
      ['migration', 'execute', 'plan.yaml', '--instances', `${INSTANCES.demoV1Second},${INSTANCES.demoV1First}`, '--skip-io-mappings', '--dry-run'],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      migrationPlan: {
        sourceProcessDefinitionId: DEFINITIONS.v1,
        targetProcessDefinitionId: DEFINITIONS.v2,
        instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }],
      },
      processInstanceIds: [INSTANCES.demoV1Second, INSTANCES.demoV1First],
      skipCustomListeners: false,
      skipIoMappings: true,
    });
    expect(result.stderr).toContain(`dry run: would POST ${engine.url}/migration/execute for 2 instances; nothing was sent`);
    expect(executes()).toEqual([]);
  });

  it('checks explicit ids with a count when all are on the source, and fetches them only when some are not', async () => {
    const cwd = planDir(DEMO_PLAN);
    const lookups = () =>
      engine.requests
        .map((request) => ({ method: request.method, path: request.path.split('?')[0] ?? '' }))
        .filter((request) => request.method === 'POST' && /\/process-instance(\/count)?$/.test(request.path))
        .map((request) => request.path.replace(/.*\/process-instance/, 'process-instance'));
    engine.requests.length = 0;
    expect(
      (
        await cli(
          ['migration', 'execute', 'plan.yaml', '--instances', `${INSTANCES.demoV1First},${INSTANCES.demoV1Second}`, '--dry-run', '--skip-validation'],
          cwd,
        )
      ).code,
    ).toBe(0);
    expect(lookups()).toEqual(['process-instance/count']);
    engine.requests.length = 0;
    expect((await cli(['migration', 'execute', 'plan.yaml', '--instances', `${INSTANCES.demoV1First},nope`, '--dry-run', '--skip-validation'], cwd)).code).toBe(
      2,
    );
    expect(lookups()).toEqual(['process-instance/count', 'process-instance']);
  });

  it('unites --instances, --instances-file, --query and the plan ids, without duplicates', async () => {
    const cwd = planDir({ ...DEMO_PLAN, processInstanceIds: [INSTANCES.demoV1First] });
    writeFileSync(join(cwd, 'ids.txt'), `# ids\n${INSTANCES.demoV1First}\n\n${INSTANCES.demoV1Second}\n`);
    writeFileSync(join(cwd, 'query.json'), JSON.stringify({ businessKey: 'v1-3' }));
    const result = await cli(
      ['migration', 'execute', 'plan.yaml', '--instances', INSTANCES.demoV1Second, '--instances-file', 'ids.txt', '--query', 'query.json', '--dry-run'],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).processInstanceIds).toEqual([INSTANCES.demoV1Second, INSTANCES.demoV1First, INSTANCES.demoV1Third]);
  });

  it('shows the id count, sent in parts, as one JSON body with --verbose', async () => {
    const cwd = planDir(DEMO_PLAN);
    writeFileSync(join(cwd, 'ids.txt'), `${INSTANCES.demoV1First}\n${INSTANCES.demoV1Second}\n`);
    const result = await cli(['--verbose', 'migration', 'execute', 'plan.yaml', '--instances-file', 'ids.txt', '--dry-run'], cwd);
    expect(result.code).toBe(0);
    const countBody = result.stderr.split('\n').find((line) => line.startsWith('> {"processInstanceIds"'));
    expect(JSON.parse(countBody!.slice(2))).toEqual({
      processInstanceIds: [INSTANCES.demoV1First, INSTANCES.demoV1Second],
      processDefinitionId: DEFINITIONS.v1,
    });
  });

  it('reads ids as a JSON array from stdin', async () => {
    const cwd = planDir(DEMO_PLAN);
    const result = await cli(['migration', 'execute', 'plan.yaml', '--instances-file', '-', '--dry-run'], cwd, JSON.stringify([INSTANCES.demoV1Third]));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).processInstanceIds).toEqual([INSTANCES.demoV1Third]);
  });

  it('refuses instances that are not on the source definition, naming them, sending nothing', async () => {
    const cwd = planDir(DEMO_PLAN);
    const result = await cli(['migration', 'execute', 'plan.yaml', '--instances', `${INSTANCES.demoV1First},nope,${INSTANCES.demoV2First}`, '--yes'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `error: 2 selected instances are not running on refengine-demo:1 (${DEFINITIONS.v1}): nope (not found), ${INSTANCES.demoV2First} (on ${DEFINITIONS.v2}); the engine would refuse the whole request, nothing was sent`,
    );
    expect(executes()).toEqual([]);
  });

  it('refuses a missing selection and an explicitly given empty id list', async () => {
    const cwd = planDir(DEMO_PLAN);
    const unreadable = await cli(['migration', 'execute', 'plan.yaml', '--query', 'q.json', '--yes'], cwd);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toBe('error: q.json: query file not found\n');
    const missing = await cli(['migration', 'execute', 'plan.yaml', '--yes'], cwd);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no instances selected');
    engine.requests.length = 0;
    const emptyFlag = await cli(['migration', 'execute', 'plan.yaml', '--instances', '', '--yes'], cwd);
    expect(emptyFlag.code).toBe(2);
    expect(emptyFlag.stderr).toBe('error: --instances: no process instance id given (an empty list selects nothing); nothing was sent\n');
    writeFileSync(join(cwd, 'ids.txt'), '# nothing left\n');
    const emptyFile = await cli(['migration', 'execute', 'plan.yaml', '--instances-file', 'ids.txt', '--yes'], cwd);
    expect(emptyFile.code).toBe(2);
    expect(emptyFile.stderr).toBe('error: the selection (0 from --instances-file) holds no process instance id: nothing to migrate, nothing was sent\n');
    // Asked of the engine before the list was found empty: nothing.
    expect(engine.requests).toEqual([]);
    // With a query besides, an empty list still does not pass for "all done".
    for (const id of demoV1) engine.state.endProcessInstance(id);
    const withQuery = await cli(['migration', 'execute', 'plan.yaml', '--instances-file', 'ids.txt', '--all-instances', '--yes'], cwd);
    expect(withQuery.code).toBe(2);
    expect(withQuery.stderr).toContain('error: the selection (0 from --instances-file, --all-instances) holds no instance of refengine-demo:1');
    expect(executes()).toEqual([]);
  });

  it('stops on pre-flight validation failures with exit 3, nothing executed', async () => {
    const cwd = planDir({ ...DEMO_PLAN, instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['nope'] }] });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--yes'], cwd);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^approve -> nope\tTarget activity 'nope' does not exist$/m);
    expect(result.stderr).toContain('error: pre-flight validation failed: nothing was executed');
    expect(executes()).toEqual([]);
  });

  it.each([
    [['--wait'], '--wait needs --async'],
    [['--async', '--chunk-size', '2'], '--async cannot be combined with --chunk-size'],
    [['--chunk-size', '0'], "--chunk-size: '0' is not a whole number of at least 1"],
    [['--async', '--report', 'report.csv'], '--report with --async needs --wait'],
    [['--report', '/nonexistent/r.csv'], '--report /nonexistent/r.csv: cannot be written (the directory /nonexistent does not exist); nothing was sent'],
    [['--report', '.'], '--report .: cannot be written (it is a directory); nothing was sent'],
    [['--chunk-size', '2', '--journal', '/nonexistent/j.jsonl'], 'journal /nonexistent/j.jsonl cannot be created: the directory /nonexistent does not exist'],
    [['--chunk-size', '2', '--journal', '/tmp'], 'journal /tmp is a directory; give --journal a file name'],
  ])('refuses the flags %j', async (flags, message) => {
    const cwd = planDir(DEMO_PLAN);
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', ...flags], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(engine.requests).toEqual([]);
  });
});

describe('sync execute', () => {
  it('migrates, then reports where every instance is, with a JSON or CSV report', async () => {
    const cwd = planDir(DEMO_PLAN);
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--yes', '--report', 'report.csv'], cwd);
    expect(result.code).toBe(0);
    expect(demoV1.map(definitionOf)).toEqual([DEFINITIONS.v2, DEFINITIONS.v2, DEFINITIONS.v2]);
    expect(result.stdout).toMatch(/^migrated \(on the target definition\)\t3$/m);
    expect(result.stdout).toMatch(/done: 3 of 3 instances migrated/);
    const csv = readFileSync(join(cwd, 'report.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('processInstanceId,outcome,definitionId,sourceProcessDefinitionId,targetProcessDefinitionId,mode,batchIds,finishedAt');
    expect(csv.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual(demoV1.map((id) => `${id},migrated,${DEFINITIONS.v2}`));
    expect(executes()).toHaveLength(1);
  });

  it('prints the outcome as JSON with -o json', async () => {
    const cwd = planDir(DEMO_PLAN);
    const result = await cli(
      ['migration', 'execute', 'plan.yaml', '--instances', INSTANCES.demoV1First, '--yes', '-o', 'json', '--report', 'report.json'],
      cwd,
    );
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({
      mode: 'sync',
      selected: 1,
      outcome: { migrated: 1, 'already-migrated': 0, 'on-source': 0, ended: 0, unknown: 0 },
      engineVersion: '7.24.0-SNAPSHOT',
    });
    expect(summary.instances).toBeUndefined();
    const report = JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8'));
    expect(report.instances).toEqual([{ id: INSTANCES.demoV1First, outcome: 'migrated', definitionId: DEFINITIONS.v2 }]);
    expect(report.source.id).toBe(DEFINITIONS.v1);
  });

  it('shows the per-instance validation failure of the engine as a table, exit 3, nothing migrated', async () => {
    const cwd = planDir(INVOICE_PLAN);
    // The pre-flight would refuse the instance at the unmapped activity first (migration-preflight.test.ts).
    const result = await cli(
      ['migration', 'execute', 'plan.yaml', '--instances', `${INSTANCES.invoicePrepare1},${INSTANCES.invoiceApprove1}`, '--yes', '--skip-validation'],
      cwd,
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      new RegExp(
        `^${INSTANCES.invoiceApprove1}\tactivity instance approveInvoice:\\S+ \\(approveInvoice\\)\tThere is no migration instruction for this instance's activity`,
        'm',
      ),
    );
    expect(result.stderr).toContain(
      `error: process instance ${INSTANCES.invoiceApprove1} cannot be migrated (MigratingProcessInstanceValidationException): nothing was migrated`,
    );
    expect(definitionOf(INSTANCES.invoicePrepare1)).toBe(DEFINITIONS.invoiceV1);
  });
});

describe('a re-run with nothing left on the source', () => {
  it('is exit 0 with a note, and prints and reports a run of zero instances as a real run would', async () => {
    const cwd = planDir(DEMO_PLAN);
    const first = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--yes', '-o', 'json'], cwd);
    expect(first.code).toBe(0);
    const firstSummary = JSON.parse(first.stdout);
    const again = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--yes', '-o', 'json', '--report', 'report.json'], cwd);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(
      `nothing to migrate: no running instances of refengine-demo:1 (${DEFINITIONS.v1}) match (--all-instances); nothing was sent\n`,
    );
    const summary = JSON.parse(again.stdout);
    // The same fields as the first run's summary, with zero counts.
    expect(Object.keys(summary)).toEqual(Object.keys(firstSummary));
    expect(summary).toMatchObject({
      mode: 'sync',
      selected: 0,
      batches: [],
      chunks: null,
      outcome: { migrated: 0, 'already-migrated': 0, 'on-source': 0, ended: 0, unknown: 0 },
    });
    expect(summary.source).toEqual(firstSummary.source);
    expect(JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8'))).toMatchObject({ selected: 0, instances: [] });
    expect(executes()).toHaveLength(1);

    const table = await cli(['migration', 'execute', 'plan.yaml', '--all-instances'], cwd);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^migrated \(on the target definition\)\t0$/m);
    expect(table.stdout).toMatch(/done: 0 of 0 instances migrated/);
    // No confirmation is needed to change nothing.
    expect(table.stderr).not.toContain('confirmation');
  });

  it('says so in the words of docs/migration.md', async () => {
    const cwd = planDir(INVOICE_PLAN);
    for (const instance of engine.state.processInstances.filter((candidate) => candidate.definitionId === DEFINITIONS.invoiceV1))
      engine.state.endProcessInstance(instance.id);
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--yes'], cwd);
    expect(result.code).toBe(0);
    expect(showsDocumentedLine(result.stderr, 'migration.md', 'nothing to migrate:')).toBe(true);
  });

  it('holds for a query that finds none, a chunked and an async run, and a dry run', async () => {
    const cwd = planDir(DEMO_PLAN);
    writeFileSync(join(cwd, 'q.json'), JSON.stringify({ businessKey: 'no-such-key' }));
    const query = await cli(['migration', 'execute', 'plan.yaml', '--query', 'q.json', '--yes', '-o', 'json'], cwd);
    expect(query.code).toBe(0);
    expect(query.stderr).toContain('match (--query q.json); nothing was sent');
    expect(JSON.parse(query.stdout)).toMatchObject({ selected: 0 });
    for (const id of demoV1) engine.state.endProcessInstance(id);
    const chunked = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '2', '--yes', '-o', 'json'], cwd);
    expect(chunked.code).toBe(0);
    expect(JSON.parse(chunked.stdout)).toMatchObject({ mode: 'chunked', selected: 0 });
    const async = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--wait', '--yes', '-o', 'json'], cwd);
    expect(async.code).toBe(0);
    expect(JSON.parse(async.stdout)).toMatchObject({ mode: 'async', selected: 0, batches: [] });
    const dryRun = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--dry-run'], cwd);
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toBe('');
    expect(dryRun.stderr).toContain('nothing to migrate: no running instances of refengine-demo:1');
    expect(executes()).toEqual([]);
    expect(engine.state.batches).toEqual([]);
  });
});

describe('chunked execute', () => {
  const selection = [INSTANCES.invoicePrepare1, INSTANCES.invoiceArchive, INSTANCES.invoiceApprove1, INSTANCES.invoicePrepare2];

  it('stops at a failing chunk with exit 8 and the exact lists of migrated and not migrated instances', async () => {
    const cwd = planDir(INVOICE_PLAN);
    const result = await cli(
      ['migration', 'execute', 'plan.yaml', '--instances', selection.join(','), '--chunk-size', '1', '--yes', '--report', 'report.json', '--skip-validation'],
      cwd,
    );
    expect(result.code).toBe(8);
    expect(result.stderr).toContain(`migrated (2): ${INSTANCES.invoicePrepare1}, ${INSTANCES.invoiceArchive}\n`);
    expect(result.stderr).toContain(`not migrated (2): ${INSTANCES.invoiceApprove1}, ${INSTANCES.invoicePrepare2}\n`);
    // Counted from 1 everywhere: the progress lines, the error, and the journal.
    expect(result.stderr).toContain('chunk 1/4: migrated 1 instance\nchunk 2/4: migrated 1 instance\n');
    expect(result.stderr).toContain(
      `error: chunk 3/4 failed: process instance ${INSTANCES.invoiceApprove1} cannot be migrated (MigratingProcessInstanceValidationException): chunk 3/4 was rolled back; fix the cause`,
    );
    expect(executes()).toHaveLength(3);
    const journal = readFileSync(join(cwd, 'plan.yaml.journal.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(journal.map((event) => `${event.event}${event.chunk ?? ''}`)).toEqual(['start', 'sent1', 'done1', 'sent2', 'done2', 'sent3', 'failed3']);
    const report = JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8'));
    expect(report.outcome).toEqual({ migrated: 2, 'already-migrated': 0, 'on-source': 2, ended: 0, unknown: 0 });
  });

  it('refuses a directory as the journal to resume', async () => {
    const cwd = planDir(DEMO_PLAN);
    const result = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--journal', '/tmp', '--yes'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --resume: journal /tmp is a directory, not a journal\n');
    expect(executes()).toEqual([]);
  });

  it('refuses to start over an existing journal without --resume', async () => {
    const cwd = planDir(DEMO_PLAN);
    writeFileSync(join(cwd, 'plan.yaml.journal.jsonl'), '');
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '2', '--yes'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('already exists from an earlier run, so nothing was sent; continue it with --resume');
    expect(executes()).toEqual([]);
  });

  it('resumes after a chunk whose answer was lost: re-checks, and sends nothing twice', async () => {
    const cwd = planDir(DEMO_PLAN);
    const [first, second, third] = demoV1 as [string, string, string];
    // An earlier run (of a version that counted chunks from 0) sent chunk 0 and chunk 1, got the
    // answer for chunk 0 only, then died.
    const at = '2026-11-21T10:00:00.000Z';
    const journal = [
      {
        event: 'start',
        version: 1,
        engine: { url: engine.url, name: 'default', version: engine.state.version },
        plan: 'plan.yaml',
        sourceProcessDefinitionId: DEFINITIONS.v1,
        targetProcessDefinitionId: DEFINITIONS.v2,
        chunkSize: 1,
        ids: [first, second, third],
        at,
      },
      { event: 'sent', chunk: 0, ids: [first], at },
      { event: 'done', chunk: 0, at },
      { event: 'sent', chunk: 1, ids: [second], at },
    ];
    writeFileSync(join(cwd, 'plan.yaml.journal.jsonl'), `${journal.map((event) => JSON.stringify(event)).join('\n')}\n{"event":"do`);
    // The engine did migrate chunks 0 and 1.
    for (const id of [first, second]) {
      const response = await fetch(`${engine.url}/migration/execute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          migrationPlan: { sourceProcessDefinitionId: DEFINITIONS.v1, targetProcessDefinitionId: DEFINITIONS.v2, instructions: DEMO_PLAN.instructions },
          processInstanceIds: [id],
        }),
      });
      expect(response.status).toBe(204);
    }
    engine.requests.length = 0;
    const result = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('resuming plan.yaml.journal.jsonl: 1 of 3 instances confirmed migrated, 1 more no longer on the source, 1 to go');
    expect(executedIds()).toEqual([third]);
    // Its own count from 1, and the journal's number of the chunk, to find it there.
    expect(result.stderr).toContain('chunk 1/1 (journal chunk 2): migrated 1 instance\n');
    expect(readFileSync(join(cwd, 'plan.yaml.journal.jsonl'), 'utf8')).toContain(`{"event":"sent","chunk":2,"ids":["${third}"]`);
    expect(demoV1.map(definitionOf)).toEqual([DEFINITIONS.v2, DEFINITIONS.v2, DEFINITIONS.v2]);
    expect(result.stdout).toMatch(/done: 3 of 3 instances migrated/);
  });

  it('resuming a run that has finished sends nothing and says that no chunk was left', async () => {
    const cwd = planDir(DEMO_PLAN);
    const first = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '2', '--yes'], cwd);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/; 2\/2 chunks of 2\n$/);
    engine.requests.length = 0;
    const again = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(again.code).toBe(0);
    expect(executes()).toEqual([]);
    expect(again.stderr).toContain('3 of 3 instances confirmed migrated, 0 more no longer on the source, 0 to go');
    expect(again.stdout).toMatch(
      /^done: 3 of 3 instances migrated, .*; no chunk left to send after the earlier runs of journal plan\.yaml\.journal\.jsonl\n$/m,
    );
  });

  it('an interrupted run (Ctrl-C) finishes the chunk in flight, exits 130, and --resume migrates every instance exactly once', async () => {
    const cwd = planDir(DEMO_PLAN);
    // Every execute answers slowly, so the interrupt lands while the first chunk is in flight.
    engine.inject({ method: 'POST', path: /^\/migration\/execute$/, delayHeadersMs: 1500 });
    const running = spawnCli(['--url', engine.url, '--retries', '0', 'migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '1', '--yes'], {
      cwd,
    });
    // Wait until the first chunk is in flight, then interrupt once.
    for (let waited = 0; executes().length === 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    running.child.kill('SIGINT');
    const interrupted = await running.result;
    engine.clearFaults();
    expect(interrupted.code).toBe(130);
    expect(interrupted.stderr).toContain('interrupted: finishing the chunk in flight, then stopping (Ctrl-C again to abandon it)');
    expect(interrupted.stderr).toContain('continue with --resume');
    expect(executes()).toHaveLength(1);

    const resumed = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(resumed.code).toBe(0);
    const ids = executedIds();
    expect([...ids].sort()).toEqual([...demoV1].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(demoV1.map(definitionOf)).toEqual([DEFINITIONS.v2, DEFINITIONS.v2, DEFINITIONS.v2]);
  });
});

describe("an answer that is not the engine's", () => {
  const LOGIN_PAGE = { method: 'POST', path: /^\/migration\/execute$/, status: 200, contentType: 'text/html', body: '<html><body>login</body></html>' };

  it('fails a sync execute answered 200 with a login page (exit 7)', async () => {
    const cwd = planDir(DEMO_PLAN);
    engine.inject({ ...LOGIN_PAGE, times: 1 });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--yes'], cwd);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(
      `error: POST ${engine.url}/migration/execute: 200 answer where the engine answers 204 No Content; is the URL the engine's REST root and not a proxy or login page?`,
    );
    expect(result.stdout).toBe('');
  });

  it('journals such a chunk as unknown, not done, and --resume re-checks and sends it', async () => {
    const cwd = planDir(DEMO_PLAN);
    engine.inject({ ...LOGIN_PAGE, times: 1 });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '2', '--yes'], cwd);
    expect(result.code).toBe(7);
    expect(result.stderr).not.toContain('migrated 2 instances');
    expect(result.stderr).toContain('not migrated (3): ');
    expect(result.stderr).toContain('error: chunk 1/2: the answer does not say whether it was migrated (POST ');
    expect(result.stderr).toContain('--resume checks again before sending any (journal plan.yaml.journal.jsonl)');
    const journal = readFileSync(join(cwd, 'plan.yaml.journal.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(journal.map((event) => `${event.event}${event.chunk ?? ''}`)).toEqual(['start', 'sent1', 'unknown1']);
    expect(demoV1.map(definitionOf)).toEqual([DEFINITIONS.v1, DEFINITIONS.v1, DEFINITIONS.v1]);

    engine.requests.length = 0;
    const resumed = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('resuming plan.yaml.journal.jsonl: 0 of 3 instances confirmed migrated, 0 more no longer on the source, 3 to go');
    expect([...executedIds()].sort()).toEqual([...demoV1].sort());
    expect(demoV1.map(definitionOf)).toEqual([DEFINITIONS.v2, DEFINITIONS.v2, DEFINITIONS.v2]);
    const events = readFileSync(join(cwd, 'plan.yaml.journal.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.map((event) => `${event.event}${event.chunk ?? ''}`)).toEqual(['start', 'sent1', 'unknown1', 'resume', 'sent2', 'done2', 'sent3', 'done3']);
  });

  it('goes on when the engine has a chunk whose answer was not its own on the target, and says so', async () => {
    const cwd = planDir(DEMO_PLAN);
    // The proxy forwards the first chunk, then answers with its own page: the engine did migrate it.
    engine.inject({ ...LOGIN_PAGE, afterEngine: true, times: 1 });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '2', '--yes'], cwd);
    expect(result.stderr).toContain('warning: chunk 1/2: the answer did not say whether it was migrated (POST ');
    expect(result.stderr).toContain('but the engine has its 2 instances on the target: migrated');
    expect(result.code).toBe(0);
    expect(demoV1.map(definitionOf)).toEqual([DEFINITIONS.v2, DEFINITIONS.v2, DEFINITIONS.v2]);
    const journal = readFileSync(join(cwd, 'plan.yaml.journal.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(journal.map((event) => `${event.event}${event.chunk ?? ''}`)).toEqual(['start', 'sent1', 'unknown1', 'done1', 'sent2', 'done2']);
  });

  it("takes only the engine's 204 for a migrated chunk: an empty 200 that was never forwarded is unknown, and --resume sends it", async () => {
    const cwd = planDir(DEMO_PLAN);
    engine.inject({ method: 'POST', path: /^\/migration\/execute$/, status: 200, times: 1 });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '2', '--yes'], cwd);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(
      `error: chunk 1/2: the answer does not say whether it was migrated (POST ${engine.url}/migration/execute: 200 answer where the engine answers 204 No Content`,
    );
    const journal = readFileSync(join(cwd, 'plan.yaml.journal.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(journal.map((event) => `${event.event}${event.chunk ?? ''}`)).toEqual(['start', 'sent1', 'unknown1']);
    const resumed = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(resumed.code).toBe(0);
    expect(demoV1.map(definitionOf)).toEqual([DEFINITIONS.v2, DEFINITIONS.v2, DEFINITIONS.v2]);
  });

  it('fails a sync execute answered with an empty 200 (exit 7), saying the outcome is unknown', async () => {
    const cwd = planDir(DEMO_PLAN);
    engine.inject({ method: 'POST', path: /^\/migration\/execute$/, status: 200, times: 1 });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--instances', INSTANCES.demoV1First, '--yes'], cwd);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(`error: POST ${engine.url}/migration/execute: 200 answer where the engine answers 204 No Content`);
    expect(result.stderr).toContain('the outcome is unknown');
  });
});

describe('the report file', () => {
  it('refuses an unwritable report before anything is sent', async () => {
    const cwd = planDir(DEMO_PLAN);
    mkdirSync(join(cwd, 'report.json'));
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--yes', '--report', 'report.json'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --report report.json: cannot be written (it is a directory); nothing was sent\n');
    expect(engine.requests).toEqual([]);
  });

  it('prints the outcome and says the migration ran when the report cannot be written afterwards (exit 8)', async () => {
    const cwd = planDir(DEMO_PLAN);
    mkdirSync(join(cwd, 'out'));
    // The execute answers slowly; the report's directory disappears meanwhile.
    engine.inject({ method: 'POST', path: /^\/migration\/execute$/, delayHeadersMs: 1000, times: 1 });
    const running = spawnCli(
      ['--url', engine.url, '--retries', '0', 'migration', 'execute', 'plan.yaml', '--all-instances', '--yes', '--report', 'out/report.csv'],
      { cwd },
    );
    for (let waited = 0; executes().length === 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    rmSync(join(cwd, 'out'), { recursive: true });
    const result = await running.result;
    expect(result.code).toBe(8);
    expect(result.stdout).toMatch(/done: 3 of 3 instances migrated/);
    expect(result.stderr).toContain(
      'error: the migration ran (outcome on stdout), but the report was not written: out/report.csv: cannot be written (no such directory)',
    );
    expect(demoV1.map(definitionOf)).toEqual([DEFINITIONS.v2, DEFINITIONS.v2, DEFINITIONS.v2]);
  });
});

// migration execute --canary N: N instances first, checked (on the target, no new incident), then the rest.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { raiseIncident, type Simulator, startSimulator } from '../../simulator/index.js';
import { cleanEnv, runCli, tempDir } from '../../helpers/cli.js';
import { showsDocumentedLine } from '../../helpers/docs.js';
import { runOnPty } from '../../helpers/pty.js';

let engine: Simulator;
let source: { id: string; ids: string[] };
let target: string;

const ACTIVITIES = [
  { id: 'start', type: 'startEvent' as const },
  { id: 'approve', type: 'userTask' as const },
  { id: 'end', type: 'endEvent' as const },
];

beforeEach(async () => {
  engine = await startSimulator();
  const [v1, v2] = engine.state.deployVersions('order', [{ activities: ACTIVITIES, instances: { approve: 6 } }, { activities: ACTIVITIES }]);
  source = { id: v1!.definition.id, ids: v1!.instanceIds };
  target = v2!.definition.id;
});
afterEach(async () => {
  await engine.close();
});

function planDir(): string {
  const cwd = tempDir();
  writeFileSync(
    join(cwd, 'plan.yaml'),
    toYaml({ source: 'order:1', target: 'order:2', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }] }),
  );
  return cwd;
}
const cli = (args: string[], cwd: string) => runCli(['--url', engine.url, '--retries', '0', ...args], { cwd });
const executes = () =>
  engine.requests
    .filter((request) => request.method === 'POST' && /\/migration\/execute$/.test(request.path))
    .map((request) => (JSON.parse(request.body) as { processInstanceIds: string[] }).processInstanceIds);
const onTarget = () => source.ids.filter((id) => engine.state.findProcessInstance(id)?.definitionId === target);
const journalOf = (cwd: string) =>
  readFileSync(join(cwd, 'plan.yaml.journal.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
/** Every execute raises an incident on the instances it moves to v2, as a failing delegate would. */
const incidentsOnMigration = () =>
  engine.state.incidentsOnMigration.push({ targetDefinitionId: target, incidentMessage: 'Unknown property used in expression: ${approver}' });

describe('--canary', () => {
  it("sends the canary as the journal's first chunk, checks it, then the rest; the outcome says it passed", async () => {
    const cwd = planDir();
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '2', '--chunk-size', '3', '--yes', '-o', 'json'], cwd);
    expect(result.code).toBe(0);
    expect(executes()).toEqual([source.ids.slice(0, 2), source.ids.slice(2, 5), source.ids.slice(5)]);
    expect(onTarget()).toEqual(source.ids);
    expect(result.stderr).toContain('canary (chunk 1/3): migrated 2 instances; checking whether they are on the target, with no new incident or failed job\n');
    expect(result.stderr).toMatch(/canary passed: 2 instances, 0 problems/);
    // As docs/migration.md shows it.
    expect(showsDocumentedLine(result.stderr, 'migration.md', 'canary (chunk 1/3)')).toBe(true);
    expect(showsDocumentedLine(result.stderr, 'migration.md', 'canary passed:')).toBe(true);
    expect(result.stderr).toContain('chunk 2/3: migrated 3 instances\nchunk 3/3: migrated 1 instance\n');
    expect(JSON.parse(result.stdout)).toMatchObject({
      selected: 6,
      canary: { size: 2, passed: true, problems: [] },
      chunks: { total: 3, done: 3 },
      outcome: { migrated: 6 },
    });
    const journal = journalOf(cwd);
    expect(journal[0]).toMatchObject({ event: 'start', canary: 2, chunkSize: 3 });
    expect(journal.slice(1).map((event) => `${String(event.event)}${String(event.chunk ?? '')}`)).toEqual([
      'sent1',
      'done1',
      'canary1',
      'sent2',
      'done2',
      'sent3',
      'done3',
    ]);
    expect(journal[1]).toMatchObject({ canary: true, incidentsBefore: [] });
    // One lookup per canary instance, before and after: GET /incident has no list of instance ids.
    const lookups = engine.requests.filter((request) => request.path.includes('/incident?'));
    expect(lookups).toHaveLength(4);
    expect(lookups.every((request) => /[?&]processInstanceId=/.test(request.path) && !request.path.includes('processInstanceIdIn'))).toBe(true);
  });

  it('stops at a canary that brings a new incident: exit 8, its table, the rest not sent', async () => {
    const cwd = planDir();
    incidentsOnMigration();
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '2', '--yes', '--report', 'report.json'], cwd);
    expect(result.code).toBe(8);
    expect(executes()).toEqual([source.ids.slice(0, 2)]);
    expect(onTarget()).toEqual(source.ids.slice(0, 2));
    expect(result.stderr).toMatch(
      new RegExp(`^${source.ids[0]}\ton the target\tfailedJob at approve: Unknown property used in expression: \\$\\{approver\\}\tFAILED$`, 'm'),
    );
    expect(result.stderr).toContain('canary FAILED: 2 instances, 2 problems');
    expect(result.stderr).toContain(
      `error: the canary failed (2 problems: ${source.ids[0]}: new incident failedJob at approve: Unknown property used in expression: \${approver}, and 1 more): the other 4 instances were not sent; run the command again for the rest`,
    );
    expect(result.stdout).toMatch(/NOT complete: 2 of 6 instances migrated, .*; canary of 2 FAILED/);
    const report = JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8'));
    expect(report.outcome).toMatchObject({ migrated: 2, 'on-source': 4 });
    expect(report.canary).toMatchObject({ size: 2, passed: false });
  });

  it('tells incidents the canary brought from those its instances had before', async () => {
    const cwd = planDir();
    raiseIncident(engine.state, engine.state.findProcessInstance(source.ids[0]!)!, { incidentMessage: 'older' });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '1', '--yes'], cwd);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`^${source.ids[0]}\ton the target\t-\tok$`, 'm'));
    // Sync without chunks: the canary, then the rest in one execute.
    expect(executes()).toEqual([source.ids.slice(0, 1), source.ids.slice(1)]);
    expect(result.stdout).toMatch(/done: 6 of 6 instances migrated, .*; canary of 1 passed/);
  });

  it('runs the canary before a batch too', async () => {
    const cwd = planDir();
    const result = await cli(
      ['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '3', '--async', '--wait', '--interval', '0.05', '--yes', '-o', 'json'],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(executes()).toEqual([source.ids.slice(0, 3)]);
    expect(engine.state.batches).toHaveLength(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ mode: 'async', selected: 6, canary: { size: 3, passed: true }, outcome: { migrated: 6 } });
  });

  it("prints the canary's body first in a dry run, and sends nothing", async () => {
    const cwd = planDir();
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '2', '--dry-run'], cwd);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { processInstanceIds: string[] }[]).map((body) => body.processInstanceIds)).toEqual([
      source.ids.slice(0, 2),
      source.ids.slice(2),
    ]);
    expect(result.stderr).toContain(
      `dry run: would POST ${engine.url}/migration/execute for a canary of 2 instances, then once more for the other 4; nothing was sent`,
    );
    expect(executes()).toEqual([]);
  });

  it('refuses a canary that is not a whole number', async () => {
    const cwd = planDir();
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '0'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: --canary: '0' is not a whole number of at least 1\n");
    expect(engine.requests).toEqual([]);
  });
});

describe('--resume across the canary', () => {
  it('checks a canary whose answer was lost before going on, and sends none of it twice', async () => {
    const cwd = planDir();
    // The engine migrates the canary; its answer never arrives.
    engine.inject({ method: 'POST', path: /\/migration\/execute$/, times: 1, status: 504, afterEngine: true });
    const first = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '2', '--chunk-size', '2', '--yes'], cwd);
    expect(first.code).toBe(7);
    expect(first.stderr).toContain('the canary: the answer does not say whether it was migrated');
    expect(onTarget()).toEqual(source.ids.slice(0, 2));
    const resumed = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`checking the canary of journal plan.yaml.journal.jsonl: 2 instances on the target`);
    expect(resumed.stderr).toContain('canary passed: 2 instances, 0 problems');
    expect(executes()).toEqual([source.ids.slice(0, 2), source.ids.slice(2, 4), source.ids.slice(4)]);
    expect(onTarget()).toEqual(source.ids);
    expect(journalOf(cwd).map((event) => `${String(event.event)}${String(event.chunk ?? '')}`)).toEqual([
      'start',
      'sent1',
      'unknown1',
      'resume',
      'canary1',
      'sent2',
      'done2',
      'sent3',
      'done3',
    ]);
  });

  it('goes on after a failed canary, without another, saying so', async () => {
    const cwd = planDir();
    incidentsOnMigration();
    expect((await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '1', '--chunk-size', '5', '--yes'], cwd)).code).toBe(8);
    engine.state.incidentsOnMigration.length = 0;
    const resumed = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`warning: the canary of journal plan.yaml.journal.jsonl failed (${source.ids[0]}: new incident failedJob at approve`);
    expect(executes()).toEqual([source.ids.slice(0, 1), source.ids.slice(1)]);
  });

  it("runs the journal's canary when the run stopped before it was sent", async () => {
    const cwd = planDir();
    // Refused before anything is executed: the journal has its start (with the canary) and nothing sent.
    engine.inject({ method: 'GET', path: /\/incident$/, times: 1, status: 503 });
    expect((await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '2', '--chunk-size', '4', '--yes'], cwd)).code).toBe(7);
    expect(executes()).toEqual([]);
    const resumed = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(resumed.code).toBe(0);
    expect(executes()).toEqual([source.ids.slice(0, 2), source.ids.slice(2)]);
    expect(resumed.stderr).toContain('canary (chunk 1/2): migrated 2 instances');
  });
});

describe('on a terminal', () => {
  it('shows the check and asks before the rest; no is exit 8, the canary on the target, the rest not sent (spawned)', async () => {
    const cwd = planDir();
    const running = runOnPty(['--url', engine.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '2', '--chunk-size', '10'], {
      env: cleanEnv({}, cwd),
      cwd,
    });
    await running.waitFor('[y/N] ');
    running.type('y\r');
    await running.waitFor('the canary passed');
    await running.waitFor('[y/N] ');
    running.type('n\r');
    const { code, screen } = await running.result;
    expect(screen).toContain('canary passed: 2 instances, 0 problems');
    expect(screen).toContain('the canary passed (2 canary instances on the target, no new incident): migrate the other 4 order:1');
    expect(screen).toContain(
      'error: not confirmed after the canary: its 2 canary instances are on the target, the other 4 were not sent; continue with --resume (journal plan.yaml.journal.jsonl)',
    );
    expect(code).toBe(8);
    expect(executes()).toEqual([source.ids.slice(0, 2)]);
  });
});

// migration sweep: every old version of a process, reviewed, written as plans, run oldest first, resumed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { type RecordedRequest, type Simulator, type SimulatorOptions } from '../../simulator/index.js';
import { BIN, type CliResult, cleanEnv, runCli, tempDir } from '../../helpers/cli.js';
import { engineTest } from '../../helpers/fixtures.js';
import { showsDocumentedLine } from '../../helpers/docs.js';

const activities = (review: string) => [
  { id: 'start', type: 'startEvent' as const },
  { id: review, type: 'userTask' as const },
  { id: 'approve', type: 'userTask' as const },
  { id: 'end', type: 'endEvent' as const },
];

const OVERRIDES = { versions: { 1: { instructions: [{ sourceActivityIds: ['check'], targetActivityIds: ['review'] }] } } };
const executesOf = (engine: Simulator) =>
  engine.requests.filter((request) => request.method === 'POST' && /\/migration\/execute$/.test(request.path.split('?')[0]!));

const it = engineTest.extend<{
  simulatorOptions: SimulatorOptions;
  /** order v1..v5: v5 the target; v1 names `review` `check` (renamed since); v2 has no instances. */
  versions: { id: string; ids: string[] }[];
  cli: (args: string[], cwd: string) => Promise<CliResult>;
  executes: () => RecordedRequest[];
  executedIds: () => string[];
  definitionOf: (id: string) => string | undefined;
  target: () => string;
  allInstances: () => string[];
  /** Plans written by the review with the overrides, in DIR/plans. */
  reviewedPlans: () => Promise<string>;
}>({
  simulatorOptions: { batchJobsPerSecond: 200 },
  // Deployed for every test, as the file's set-up did, whether the test reads them or not.
  versions: [
    async ({ engine }, use) =>
      use(
        engine.state
          .deployVersions('order', [
            { activities: activities('check'), instances: { check: 2, approve: 1 } },
            { activities: activities('check') },
            { activities: activities('review'), instances: { review: 1, approve: 2 } },
            { activities: activities('review'), instances: { approve: 2 } },
            { activities: activities('review') },
          ])
          .map(({ definition, instanceIds }) => ({ id: definition.id, ids: instanceIds })),
      ),
    { auto: true },
  ],
  cli: async ({ engine }, use) => use((args, cwd) => runCli(['--url', engine.url, '--retries', '0', ...args], { cwd })),
  executes: async ({ engine }, use) => use(() => executesOf(engine)),
  executedIds: async ({ engine }, use) =>
    use(() => executesOf(engine).flatMap((request) => (JSON.parse(request.body) as { processInstanceIds: string[] }).processInstanceIds)),
  definitionOf: async ({ engine }, use) => use((id) => engine.state.findProcessInstance(id)?.definitionId),
  target: async ({ versions }, use) => use(() => versions[4]!.id),
  allInstances: async ({ versions }, use) => use(() => versions.flatMap((version) => version.ids)),
  reviewedPlans: async ({ engine, cli }, use) =>
    use(async () => {
      const cwd = tempDir();
      writeFileSync(join(cwd, 'overrides.yaml'), toYaml(OVERRIDES));
      const review = await cli(['migration', 'sweep', 'order', '--overrides', 'overrides.yaml', '--out-dir', 'plans', '--strict'], cwd);
      expect(review.code).toBe(0);
      engine.requests.length = 0;
      return cwd;
    }),
});

describe('the review', () => {
  it('lists every other version with its instances and status, never sends one without instances, and exit 3 with --strict for an unmapped activity', async ({
    engine,
    versions,
    cli,
    executes,
    target,
  }) => {
    const cwd = tempDir();
    const result = await cli(['migration', 'sweep', 'order', '--strict'], cwd);
    expect(result.code).toBe(3);
    const lines = result.stdout.trim().split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'Version\tDefinition\tInstances\tInstructions\tStatus\tFirst failure',
      `1\t${versions[0]!.id}\t3\t1\tactive but unmapped\tcheck: 2 running instances that no instruction maps`,
      `2\t${versions[1]!.id}\t0\t-\tno running instances\t-`,
      `3\t${versions[2]!.id}\t3\t2\tvalid\t-`,
      `4\t${versions[3]!.id}\t2\t2\tvalid\t-`,
    ]);
    expect(lines[5]).toBe(
      `NOT valid: 4 versions -> order:5 (${target()}): 2 valid, 0 not valid, 1 active but unmapped, 0 skipped, 1 without running instances`,
    );
    expect(showsDocumentedLine(result.stdout, 'migration.md', 'NOT valid: 4 versions')).toBe(true);
    const generated = engine.requests
      .filter((request) => request.path.endsWith('/migration/generate'))
      .map((request) => JSON.parse(request.body).sourceProcessDefinitionId);
    expect(generated.sort()).toEqual([versions[0]!.id, versions[2]!.id, versions[3]!.id].sort());
    expect(executes()).toEqual([]);
    // Without --strict the unmapped activity is a warning: exit 0, and the verdict says so.
    const lenient = await cli(['migration', 'sweep', 'order'], cwd);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout.trim().split('\n').at(-1)).toBe(
      `valid with warnings: 4 versions -> order:5 (${target()}): 2 valid, 0 not valid, 1 active but unmapped, 0 skipped, 1 without running instances`,
    );
  });

  it('applies the overrides (per version, skip), writes one plan per version with references, and -o json', async ({ versions, cli, target }) => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'overrides.yaml'), toYaml({ ...OVERRIDES, versions: { ...OVERRIDES.versions, 4: { skip: true } } }));
    const result = await cli(['migration', 'sweep', 'order', '--overrides', 'overrides.yaml', '--out-dir', 'plans', '--strict', '-o', 'json'], cwd);
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({ key: 'order', valid: true, target: { id: target(), version: 5 }, outDir: 'plans' });
    expect(result.stderr).toBe('');
    expect(
      summary.versions.map((version: { version: number; status: string; overridden: number; file: string | null }) => [
        version.version,
        version.status,
        version.overridden,
        version.file,
      ]),
    ).toEqual([
      [1, 'valid', 1, join('plans', 'order-v1-to-v5.yaml')],
      [2, 'no-instances', 0, null],
      [3, 'valid', 0, join('plans', 'order-v3-to-v5.yaml')],
      [4, 'skipped', 0, null],
    ]);
    expect(readdirSync(join(cwd, 'plans')).sort()).toEqual(['order-v1-to-v5.yaml', 'order-v3-to-v5.yaml']);
    const text = readFileSync(join(cwd, 'plans', 'order-v1-to-v5.yaml'), 'utf8');
    expect(text.split('\n').slice(0, 3)).toEqual([
      '# Migration plan, generated by: camunda-admin migration sweep order --overrides overrides.yaml --out-dir plans',
      '# Check it with: camunda-admin migration validate <this file>',
      '# Sweep of order: version 1, 3 running instances when generated; valid',
    ]);
    expect(parseYaml(text)).toEqual({
      source: 'order:1',
      target: 'order:latest',
      sourceProcessDefinitionId: versions[0]!.id,
      targetProcessDefinitionId: target(),
      // The engine's own mapping, then the override for the activity it could not map.
      instructions: [
        { sourceActivityIds: ['approve'], targetActivityIds: ['approve'], updateEventTrigger: false },
        { sourceActivityIds: ['check'], targetActivityIds: ['review'] },
      ],
    });
    // The plans are what migration validate and execute read.
    expect((await cli(['migration', 'validate', join('plans', 'order-v1-to-v5.yaml'), '--strict'], cwd)).code).toBe(0);
    const again = await cli(['migration', 'sweep', 'order', '--out-dir', 'plans'], cwd);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`--out-dir ${join('plans', 'order-v1-to-v5.yaml')}: the file already exists`);
  });

  it('refuses overrides that are not what they should be, naming file, line and column, before any request', async ({ engine, cli }) => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'overrides.yaml'), 'versions:\n  1:\n    skipp: true\ninstructions:\n  - sourceActivityIds: [a, b]\n    targetActivityIds: [c]\n');
    const result = await cli(['migration', 'sweep', 'order', '--overrides', 'overrides.yaml'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('overrides.yaml:3:5: versions["1"].skipp: unknown property (did you mean \'skip\'?)');
    expect(result.stderr).toContain('overrides.yaml:5:24: instructions[0].sourceActivityIds: must hold exactly one activity id');
    expect(engine.requests).toEqual([]);
    writeFileSync(join(cwd, 'overrides.yaml'), toYaml({ versions: { 9: { skip: true } } }));
    const unknown = await cli(['migration', 'sweep', 'order', '--overrides', 'overrides.yaml', '--out-dir', 'plans'], cwd);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('error: overrides.yaml: versions.9: order has no version 9 (versions: 1, 2, 3, 4, 5); no plan was written\n');
    expect(existsSync(join(cwd, 'plans', 'order-v1-to-v5.yaml'))).toBe(false);
  });

  it.for<[string[], string]>([
    [['--execute'], '--execute needs --plans DIR'],
    [['--canary', '2'], '--canary needs --plans DIR --execute'],
    [['--plans', '.', '--to', 'order:4', '--execute'], '--to belongs to the review'],
    [['--plans', '.', '--execute', '--async', '--chunk-size', '2'], '--async cannot be combined with --chunk-size'],
    [['--plans', '.', '--execute', '--resume', '--force'], '--force starts over, --resume continues'],
    [['--force'], '--force replaces files that exist: it needs --out-dir'],
  ])('refuses %j', async ([flags, message], { engine, cli }) => {
    const result = await cli(['migration', 'sweep', 'order', ...flags], tempDir());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(engine.requests).toEqual([]);
  });
});

describe('--plans DIR --execute', () => {
  it('runs every version oldest first after one confirmation, with a journal each, and reports every instance once', async ({
    versions,
    cli,
    executes,
    executedIds,
    definitionOf,
    target,
    allInstances,
    reviewedPlans,
  }) => {
    const cwd = await reviewedPlans();
    const refused = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute'], cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `error: migrate 8 process instances of order in 3 versions (v1: 3, v3: 3, v4: 2) to order:5 (${target()}): confirmation needed`,
    );
    expect(executes()).toEqual([]);
    const result = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--chunk-size', '2', '--yes', '--report', 'report.json'], cwd);
    expect(result.code).toBe(0);
    expect(
      allInstances()
        .filter((id) => versions[1]!.ids.includes(id) === false)
        .map(definitionOf),
    ).toEqual(allInstances().map(() => target()));
    expect(executedIds()).toEqual([...versions[0]!.ids, ...versions[2]!.ids, ...versions[3]!.ids]);
    expect(result.stdout).toContain(`done: 8 of 8 instances of order on the target (or ended) in 3 versions -> order:5 (${target()})`);
    expect(showsDocumentedLine(result.stdout, 'migration.md', 'done: 8 of 8 instances of order')).toBe(true);
    expect(
      readdirSync(join(cwd, 'plans'))
        .filter((name) => name.endsWith('.jsonl'))
        .sort(),
    ).toEqual(['order-v1-to-v5.yaml.journal.jsonl', 'order-v3-to-v5.yaml.journal.jsonl', 'order-v4-to-v5.yaml.journal.jsonl', 'order.sweep.journal.jsonl']);
    const report = JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8'));
    expect(report.outcome).toMatchObject({ migrated: 8, 'on-source': 0 });
    expect(report.instances.map((instance: { id: string; version: number }) => `${instance.version}:${instance.id}`)).toEqual([
      ...versions[0]!.ids.map((id) => `1:${id}`),
      ...versions[2]!.ids.map((id) => `3:${id}`),
      ...versions[3]!.ids.map((id) => `4:${id}`),
    ]);
  });

  it('stops before anything is sent when a plan fails its pre-flight', async ({ cli, executes, reviewedPlans }) => {
    const cwd = await reviewedPlans();
    const plan = join(cwd, 'plans', 'order-v3-to-v5.yaml');
    writeFileSync(plan, readFileSync(plan, 'utf8').replace('targetActivityIds: [ review ]', 'targetActivityIds: [ nope ]'));
    const result = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--yes'], cwd);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("Target activity 'nope' does not exist");
    expect(executes()).toEqual([]);
    const validated = await cli(['migration', 'sweep', 'order', '--plans', 'plans'], cwd);
    expect(validated.code).toBe(3);
    expect(validated.stdout).toMatch(/^3\t\S+\t3\t2\tNOT valid\treview -> nope: Target activity 'nope' does not exist$/m);
  });

  it('stops at a failed canary (exit 8), and --continue-on-failure goes on with the next version', async ({
    engine,
    versions,
    cli,
    definitionOf,
    target,
    allInstances,
    reviewedPlans,
  }) => {
    const cwd = await reviewedPlans();
    engine.state.incidentsOnMigration.push({ targetDefinitionId: target(), processInstanceIds: [versions[2]!.ids[0]!] });
    const stopped = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--canary', '1', '--yes'], cwd);
    expect(stopped.code).toBe(8);
    expect(stopped.stderr).toContain(`error: version 3 (order-v3-to-v5.yaml): the canary failed (1 problem: ${versions[2]!.ids[0]}: new incident failedJob at`);
    expect(stopped.stderr).toContain('the sweep stopped; not run: v4; continue with --resume');
    expect(versions[3]!.ids.map(definitionOf)).toEqual([versions[3]!.id, versions[3]!.id]);
    expect(stopped.stdout).toMatch(/^4\torder-v4-to-v5\.yaml\t2\t-\t-\tnot run\t-$/m);
    engine.requests.length = 0;
    const resumed = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--resume', '--continue-on-failure', '--yes'], cwd);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('warning: the canary of journal');
    // v4 was not run yet: it gets the canary the sweep began with.
    expect(resumed.stderr).toContain('order-v4-to-v5.yaml (version 2 of 2): 2 instances\ncanary (chunk 1/2): migrated 1 instance');
    expect(resumed.stdout).toMatch(/^1\torder-v1-to-v5\.yaml\t3\t3\t0\tdone \(earlier run\)/m);
    expect(
      allInstances()
        .filter((id) => !versions[1]!.ids.includes(id))
        .map(definitionOf),
    ).toEqual(allInstances().map(() => target()));
  });

  it('a dry run counts every version and sends nothing', async ({ cli, executes, reviewedPlans }) => {
    const cwd = await reviewedPlans();
    const result = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--dry-run'], cwd);
    expect(result.code).toBe(0);
    // The summary on stderr, as execute's dry run has it (issue 31, item 17); the table of versions on stdout.
    expect(result.stderr).toContain('dry run: 8 instances in 3 versions would be migrated; nothing was sent');
    expect(result.stdout).not.toContain('dry run:');
    expect(result.stdout).toMatch(/^1\torder-v1-to-v5\.yaml\t3\t-\t-\twould be sent\t-$/m);
    expect(executes()).toEqual([]);
    expect(readdirSync(join(cwd, 'plans')).filter((name) => name.endsWith('.jsonl'))).toEqual([]);
  });

  it('places a problem in the first plan of the directory, a drift and an unknown version at file:line:column (the yaml library loaded on demand)', async ({
    cli,
    executes,
    versions,
    reviewedPlans,
  }) => {
    const cwd = await reviewedPlans();
    const first = join(cwd, 'plans', 'order-v1-to-v5.yaml');
    const name = join('plans', 'order-v1-to-v5.yaml');
    const text = readFileSync(first, 'utf8');
    const lineOf = (start: string) => text.split('\n').findIndex((line) => line.startsWith(start)) + 1;
    const sweep = () => cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--dry-run'], cwd);

    writeFileSync(first, text.replace('    updateEventTrigger: false', '    updateEventTriggers: false'));
    const misspelt = await sweep();
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toContain(
      `${name}:${lineOf('    updateEventTrigger: false')}:5: instructions[0].updateEventTriggers: unknown property (did you mean 'updateEventTrigger'?); the engine would silently ignore it`,
    );

    writeFileSync(first, text.replace(`sourceProcessDefinitionId: ${versions[0]!.id}`, `sourceProcessDefinitionId: ${versions[2]!.id}`));
    const drift = await sweep();
    expect(drift.code).toBe(2);
    expect(drift.stderr).toContain(
      `${name}:${lineOf('sourceProcessDefinitionId:')}:1: sourceProcessDefinitionId: drift: source 'order:1' resolves to ${versions[0]!.id}, but sourceProcessDefinitionId is ${versions[2]!.id}; regenerate the plan or remove one of the two`,
    );

    writeFileSync(first, text.replace('source: order:1\n', 'source: order:9\n'));
    const unknown = await sweep();
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`${name}:${lineOf('source: order:1')}:1: source: no process definition order:9 (versions of order: 1, 2, 3, 4, 5)`);
    expect(executes()).toEqual([]);
  });

  it('runs each version as a batch with --async --wait', async ({ engine, cli, reviewedPlans }) => {
    const cwd = await reviewedPlans();
    const result = await cli(
      ['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--async', '--wait', '--interval', '0.05', '--yes', '-o', 'json'],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(engine.state.batches).toHaveLength(3);
    const summary = JSON.parse(result.stdout);
    expect(summary.versions.map((version: { status: string; batches: string[] }) => [version.status, version.batches.length])).toEqual([
      ['done', 1],
      ['done', 1],
      ['done', 1],
    ]);
    const journal = readFileSync(join(cwd, 'plans', 'order-v1-to-v5.yaml.journal.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).event);
    expect(journal).toEqual(['start', 'sent', 'batch']);
  });
});

describe('--resume', () => {
  it('refuses plans other than those the sweep started with, and a plan of another key, sending nothing', async ({
    engine,
    versions,
    cli,
    executes,
    target,
    reviewedPlans,
  }) => {
    const cwd = await reviewedPlans();
    engine.state.incidentsOnMigration.push({ targetDefinitionId: target(), processInstanceIds: [versions[0]!.ids[0]!] });
    expect((await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--canary', '1', '--yes'], cwd)).code).toBe(8);
    engine.requests.length = 0;
    rmSync(join(cwd, 'plans', 'order-v4-to-v5.yaml'));
    const changed = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--resume', '--yes'], cwd);
    expect(changed.code).toBe(2);
    expect(changed.stderr).toContain(
      `error: --resume: sweep journal ${join('plans', 'order.sweep.journal.jsonl')} is for other plans than those found now (no longer there: order-v4-to-v5.yaml (${versions[3]!.id} -> ${target()})); nothing was sent`,
    );
    writeFileSync(join(cwd, 'plans', 'order-v4-to-v5.yaml'), toYaml({ source: 'invoice:1', target: 'invoice:2', instructions: [] }));
    const foreign = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--resume', '--yes'], cwd);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain(`error: ${join('plans', 'order-v4-to-v5.yaml')}: its source is invoice:1, not a version of order`);
    expect(executes()).toEqual([]);
  });

  it('is refused without a sweep journal, and a new sweep over an existing one without --force', async ({ cli, reviewedPlans }) => {
    const cwd = await reviewedPlans();
    const none = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--resume', '--yes'], cwd);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(`error: --resume: sweep journal ${join('plans', 'order.sweep.journal.jsonl')} does not exist\n`);
    expect((await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--yes'], cwd)).code).toBe(0);
    // A plain re-run of the finished sweep (a retried pipeline step): its goal holds, nothing to do.
    const again = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--yes'], cwd);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(`already done (journal ${join('plans', 'order.sweep.journal.jsonl')}): nothing to do\n`);
    expect(again.stdout).toMatch(/^1\torder-v1-to-v5\.yaml\t3\t3\t0\tdone \(earlier run\)/m);
    // One that did not finish is refused: it may still need its --resume.
    const journal = join(cwd, 'plans', 'order.sweep.journal.jsonl');
    writeFileSync(journal, readFileSync(journal, 'utf8').replace(/"status":"done"/, '"status":"failed"'));
    const unfinished = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--yes'], cwd);
    expect(unfinished.code).toBe(2);
    expect(unfinished.stderr).toContain('already exists from an earlier sweep, so nothing was sent; continue it with --resume, or start over with --force');
    // Started over: nothing is left on the sources, which is done.
    const forced = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--yes', '--force'], cwd);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain('nothing left to migrate in any version');
    expect(forced.stdout).toMatch(/^1\torder-v1-to-v5\.yaml\t0\t0\t0\tnothing left to migrate\t-$/m);
  });
});

describe('killed mid-way, then resumed', () => {
  it('reviews with an override, writes 3 plans, executes with a canary, is killed, resumes: every instance on the target, the report naming each once (spawned)', async ({
    engine,
    versions,
    cli,
    executes,
    executedIds,
    definitionOf,
    target,
    allInstances,
    reviewedPlans,
  }) => {
    const cwd = await reviewedPlans();
    expect(readdirSync(join(cwd, 'plans')).sort()).toEqual(['order-v1-to-v5.yaml', 'order-v3-to-v5.yaml', 'order-v4-to-v5.yaml']);
    // v1: canary, chunk; v3: canary, then its chunk: the engine migrates it, and the process is killed
    // before it reads the answer.
    const args = [
      '--url',
      engine.url,
      '--retries',
      '0',
      'migration',
      'sweep',
      'order',
      '--plans',
      'plans',
      '--execute',
      '--canary',
      '1',
      '--chunk-size',
      '2',
      '--yes',
      '--report',
      'report.csv',
    ];
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: cleanEnv(), stdio: 'ignore' });
    const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
    engine.inject({ method: 'POST', path: /^\/migration\/execute$/, times: 3 });
    engine.inject({ method: 'POST', path: /^\/migration\/execute$/, times: 1, after: () => child.kill('SIGKILL') });
    expect(await ended).toBe(null);
    expect(executes()).toHaveLength(4);
    expect(versions[2]!.ids.map(definitionOf)).toEqual(versions[2]!.ids.map(() => target()));
    expect(versions[3]!.ids.map(definitionOf)).toEqual(versions[3]!.ids.map(() => versions[3]!.id));
    engine.clearFaults();
    expect(existsSync(join(cwd, 'report.csv'))).toBe(false);

    const resumed = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--resume', '--yes', '--report', 'report.csv'], cwd);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('taking over the lock of process');
    expect(
      allInstances()
        .filter((id) => !versions[1]!.ids.includes(id))
        .map(definitionOf),
    ).toEqual(
      allInstances()
        .filter((id) => !versions[1]!.ids.includes(id))
        .map(() => target()),
    );
    // Nothing sent twice: v3's held chunk was migrated, and the resume found it so.
    const sent = executedIds();
    expect(sent.length).toBe(new Set(sent).size);
    expect(new Set(sent)).toEqual(new Set([...versions[0]!.ids, ...versions[2]!.ids, ...versions[3]!.ids]));
    const rows = readFileSync(join(cwd, 'report.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(rows.map((row) => row[0]).sort()).toEqual([...versions[0]!.ids, ...versions[2]!.ids, ...versions[3]!.ids].sort());
    expect(rows.every((row) => row[1] === 'migrated' && row[2] === target())).toBe(true);
  }, 30_000);
});

describe('tenants and batches', () => {
  it('sweeps within a tenant, and asks for one when the key is deployed for several', async ({ engine, cli }) => {
    const cwd = tempDir();
    engine.state.deployVersions('shared-process', [{ activities: activities('review'), instances: { approve: 1 } }], { tenantId: 'tenant-a' });
    const ambiguous = await cli(['migration', 'sweep', 'shared-process'], cwd);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('--tenant');
    const result = await cli(['migration', 'sweep', 'shared-process', '--tenant', 'tenant-a'], cwd);
    expect(result.code).toBe(0);
    // Version 1 of tenant-a, to version 2 of tenant-a; tenant-b's version 1 is not one of them.
    expect(result.stdout.trim().split('\n')).toHaveLength(3);
    expect(result.stdout).toMatch(/^1\tshared-process:1:\S+\t1\t0\tactive but unmapped\ttask: 1 running instance that no instruction maps$/m);
    expect(result.stdout).toContain('1 version -> shared-process:2');
  });

  it('creates a batch per version without --wait, and a resume follows them without sending them again', async ({ engine, cli, reviewedPlans }) => {
    const cwd = await reviewedPlans();
    engine.state.batchSettings.jobsPerSecond = 0;
    const created = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--async', '--yes', '-o', 'json'], cwd);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout).versions.map((version: { status: string }) => version.status)).toEqual(['submitted', 'submitted', 'submitted']);
    expect(engine.state.batches).toHaveLength(3);
    // Without --wait a resume leaves them be, and says where their instances are now.
    const looked = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--resume', '--yes'], cwd);
    expect(looked.code).toBe(0);
    expect(looked.stdout).toMatch(/^1\torder-v1-to-v5\.yaml\t3\t0\t3\tbatch created \(earlier run\)\t-$/m);
    expect(looked.stdout).toContain('done: 0 of 0 instances of order on the target (or ended) in 0 versions -> order:5');
    expect(looked.stdout).toContain('; 3 versions in batches still at work (camunda-admin batch watch ID, or --resume --async --wait)');
    engine.state.batchSettings.jobsPerSecond = 200;
    // With --wait it follows them, and sends nothing again.
    const resumed = await cli(
      ['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--resume', '--async', '--wait', '--interval', '0.05', '--yes'],
      cwd,
    );
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('order-v1-to-v5.yaml: batch');
    expect(engine.state.batches).toHaveLength(3);
    expect(resumed.stdout).toMatch(/^1\torder-v1-to-v5\.yaml\t3\t3\t0\tdone\t/m);
  });
});

// What must be refused before anything is sent (issue 16): a journal resumed on another engine, selection
// flags with --resume, an existing output file without --force, --password-stdin with another input
// from standard input; and -o yaml where only JSON came out.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import {
  SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS,
  SEEDED_PROCESS_INSTANCE_IDS as INSTANCES,
  type Simulator,
  startSimulator,
} from '../../simulator/index.js';
import { cleanEnv, runCli, tempDir } from '../../helpers/cli.js';
import { DEMO_PLAN } from '../../helpers/plans.js';

let engine: Simulator;
let other: Simulator | undefined;
const dirs: string[] = [];
beforeEach(async () => {
  engine = await startSimulator();
});
afterEach(async () => {
  await engine.close();
  await other?.close();
  other = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A working directory (and HOME) for one run, removed after the test. */
function workDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

const demoV1 = [INSTANCES.demoV1First, INSTANCES.demoV1Second, INSTANCES.demoV1Third];

function planDir(plan: object = DEMO_PLAN): string {
  const cwd = workDir();
  writeFileSync(join(cwd, 'plan.yaml'), toYaml(plan));
  return cwd;
}
const env = () => {
  const home = workDir();
  return cleanEnv({}, home);
};
const cliAt = (sim: Simulator, args: string[], cwd: string, stdin?: string) =>
  runCli(['--url', sim.url, '--retries', '0', ...args], { cwd, env: env(), ...(stdin === undefined ? {} : { stdin }) });
const executes = (sim: Simulator) => sim.requests.filter((request) => request.method === 'POST' && /\/migration\/execute(Async)?$/.test(request.path));
const readJournal = (cwd: string) =>
  readFileSync(join(cwd, 'plan.yaml.journal.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * A journal of a chunked run on `sim` (engine version 7.22.0), cut after its first chunk as if the
 * run had died there.
 */
async function interruptedRun(sim: Simulator): Promise<string> {
  const cwd = planDir();
  sim.state.version = '7.22.0';
  const result = await cliAt(sim, ['migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '1', '--yes'], cwd);
  expect(result.code).toBe(0);
  const events = readJournal(cwd).slice(0, 3);
  expect(events.map((event) => event.event)).toEqual(['start', 'sent', 'done']);
  writeFileSync(join(cwd, 'plan.yaml.journal.jsonl'), `${events.map((event) => JSON.stringify(event)).join('\n')}\n`);
  sim.requests.length = 0;
  return cwd;
}

describe('--resume on another engine', () => {
  it('records the engine in the journal and refuses to continue it on another URL, naming both, sending nothing', async () => {
    const cwd = await interruptedRun(engine);
    const start = readJournal(cwd)[0]!;
    expect(start.engine).toEqual({ url: engine.url, name: 'default', version: '7.22.0' });

    // A clone: the same definition ids, another URL (and the same version).
    other = await startSimulator();
    other.state.version = '7.22.0';
    const result = await cliAt(other, ['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `error: --resume: journal plan.yaml.journal.jsonl was written against ${engine.url} (engine default, version 7.22.0), not ${other.url} (engine default, version 7.22.0); nothing was sent`,
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(executes(other)).toEqual([]);
    expect(other.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual(['GET /engine-rest/version']);
    expect(demoV1.map((id) => other!.state.findProcessInstance(id)?.definitionId)).toEqual([DEFINITIONS.v1, DEFINITIONS.v1, DEFINITIONS.v1]);
  });

  it('refuses another engine version at the same URL, and another engine name', async () => {
    const cwd = await interruptedRun(engine);
    engine.state.version = '7.23.0';
    const upgraded = await cliAt(engine, ['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(upgraded.code).toBe(2);
    expect(upgraded.stderr).toContain(`was written against ${engine.url} (engine default, version 7.22.0), not ${engine.url} (engine default, version 7.23.0)`);
    expect(executes(engine)).toEqual([]);

    engine.state.version = '7.22.0';
    const named = await cliAt(engine, ['--engine', 'other', 'migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain(`not ${engine.url} (engine other, version 7.22.0)`);
    expect(executes(engine)).toEqual([]);
  });

  it('continues on the same engine (a trailing slash on the URL is the same URL)', async () => {
    const cwd = await interruptedRun(engine);
    const result = await runCli(['--url', `${engine.url}/`, 'migration', 'execute', 'plan.yaml', '--resume', '--yes'], { cwd, env: env() });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('resuming plan.yaml.journal.jsonl: 1 of 3 instances confirmed migrated');
  });

  it('refuses a journal that records no engine (written before this was recorded)', async () => {
    const cwd = await interruptedRun(engine);
    const [start, ...rest] = readJournal(cwd);
    delete start!.engine;
    writeFileSync(join(cwd, 'plan.yaml.journal.jsonl'), `${[start, ...rest].map((event) => JSON.stringify(event)).join('\n')}\n`);
    const result = await cliAt(engine, ['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: --resume: journal plan.yaml.journal.jsonl does not record which engine it was written against');
    expect(executes(engine)).toEqual([]);
  });

  it.each([
    [['--all-instances'], '--all-instances'],
    [['--instances', INSTANCES.demoV1First], '--instances'],
    [['--instances-file', 'ids.txt', '--query', 'q.json'], '--instances-file, --query'],
  ])('refuses the selection flags %j with --resume: the journal holds the selection', async (flags, named) => {
    const cwd = planDir();
    const result = await cliAt(engine, ['migration', 'execute', 'plan.yaml', '--resume', ...flags, '--yes'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: --resume continues the selection its journal holds; leave out ${named}\n`);
    expect(engine.requests).toEqual([]);
  });
});

describe('existing output files', () => {
  it('generate --out refuses an existing (reviewed) plan without --force, before any request, and replaces it with --force', async () => {
    const cwd = workDir();
    const reviewed = '# reviewed by Ann\nsourceProcessDefinitionId: x\n';
    writeFileSync(join(cwd, 'plan.yaml'), reviewed);
    const args = ['migration', 'generate', '--source', 'refengine-demo:1', '--target', 'refengine-demo:2', '--out', 'plan.yaml'];
    const refused = await cliAt(engine, args, cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe('error: --out plan.yaml: the file already exists; nothing was sent (give --force to replace it)\n');
    expect(readFileSync(join(cwd, 'plan.yaml'), 'utf8')).toBe(reviewed);
    expect(engine.requests).toEqual([]);

    const forced = await cliAt(engine, [...args, '--force'], cwd);
    expect(forced.code).toBe(0);
    expect(parseYaml(readFileSync(join(cwd, 'plan.yaml'), 'utf8'))).toMatchObject({
      sourceProcessDefinitionId: DEFINITIONS.v1,
      targetProcessDefinitionId: DEFINITIONS.v2,
    });
  });

  it('generate --out refuses a directory that does not exist before any request', async () => {
    const cwd = workDir();
    const result = await cliAt(
      engine,
      ['migration', 'generate', '--source', 'refengine-demo:1', '--target', 'refengine-demo:2', '--out', 'missing/plan.yaml'],
      cwd,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --out missing/plan.yaml: cannot be written (the directory missing does not exist); nothing was sent\n');
    expect(engine.requests).toEqual([]);
  });

  it.each([
    ['plan.json', 'yaml', 'error: --out plan.json is written as JSON (a .json name), which contradicts -o yaml; name the file to match, or leave out -o\n'],
    ['plan.yaml', 'json', 'error: --out plan.yaml is written as YAML (not a .json name), which contradicts -o json; name the file to match, or leave out -o\n'],
  ])('generate --out %s -o %s is a contradiction, refused before any request', async (file, format, message) => {
    const cwd = workDir();
    const result = await cliAt(
      engine,
      ['-o', format, 'migration', 'generate', '--source', 'refengine-demo:1', '--target', 'refengine-demo:2', '--out', file],
      cwd,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(message);
    expect(existsSync(join(cwd, file))).toBe(false);
    expect(engine.requests).toEqual([]);
  });

  it('generate --out plan.json -o json writes JSON', async () => {
    const cwd = workDir();
    const result = await cliAt(
      engine,
      ['-o', 'json', 'migration', 'generate', '--source', 'refengine-demo:1', '--target', 'refengine-demo:2', '--out', 'plan.json'],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(join(cwd, 'plan.json'), 'utf8'))).toMatchObject({ sourceProcessDefinitionId: DEFINITIONS.v1 });
  });

  it('execute --report refuses an existing report without --force, sending nothing, and replaces it with --force', async () => {
    const cwd = planDir();
    writeFileSync(join(cwd, 'report.csv'), 'evidence of an earlier run\n');
    const args = ['migration', 'execute', 'plan.yaml', '--instances', INSTANCES.demoV1First, '--yes', '--report', 'report.csv'];
    const refused = await cliAt(engine, args, cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe('error: --report report.csv: the file already exists; nothing was sent (give --force to replace it)\n');
    expect(engine.requests).toEqual([]);
    expect(readFileSync(join(cwd, 'report.csv'), 'utf8')).toBe('evidence of an earlier run\n');

    const forced = await cliAt(engine, [...args, '--force'], cwd);
    expect(forced.code).toBe(0);
    expect(readFileSync(join(cwd, 'report.csv'), 'utf8')).toMatch(/^processInstanceId,outcome/);
  });

  it('--force without a file to replace is refused', async () => {
    const cwd = planDir();
    const execute = await cliAt(engine, ['migration', 'execute', 'plan.yaml', '--all-instances', '--yes', '--force'], cwd);
    expect(execute.code).toBe(2);
    expect(execute.stderr).toBe('error: --force replaces an existing --report file or journal: it needs --report or --chunk-size\n');
    const generate = await cliAt(engine, ['migration', 'generate', '--source', 'refengine-demo:1', '--target', 'refengine-demo:2', '--force'], cwd);
    expect(generate.code).toBe(2);
    expect(generate.stderr).toBe('error: --force needs --out\n');
    expect(engine.requests).toEqual([]);
  });

  it('a new chunked run starts over an existing journal only with --force', async () => {
    const cwd = planDir();
    writeFileSync(join(cwd, 'plan.yaml.journal.jsonl'), '{"event":"start"}\n');
    const args = ['migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '2', '--yes'];
    const refused = await cliAt(engine, args, cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('already exists from an earlier run, so nothing was sent; continue it with --resume, or start over with --force');
    expect(executes(engine)).toEqual([]);

    const forced = await cliAt(engine, [...args, '--force'], cwd);
    expect(forced.code).toBe(0);
    expect(readJournal(cwd).map((event) => `${String(event.event)}${String(event.chunk ?? '')}`)).toEqual(['start', 'sent1', 'done1', 'sent2', 'done2']);
  });
});

describe('--password-stdin with another input from standard input', () => {
  it.each([
    [['migration', 'execute', '-', '--all-instances'], '<plan>'],
    [['migration', 'validate', '-'], '<plan>'],
    [['migration', 'execute', 'plan.yaml', '--instances-file', '-'], '--instances-file'],
    [['migration', 'execute', 'plan.yaml', '--query', '-'], '--query'],
    [['migration', 'generate', '--source', 'refengine-demo:1', '--target', 'refengine-demo:2', '--variables', '-'], '--variables'],
    [['auth', 'update', 'some-id', '--file', '-'], '--file'],
  ])('%j is refused before standard input is read, naming both', async (args, named) => {
    const cwd = planDir();
    const result = await cliAt(engine, ['--username', 'demo', '--password-stdin', ...args], cwd, 'demo\n');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: --password-stdin and ${named} - cannot both read standard input; name a file instead of -, or give the password another way (CAMUNDA_PASSWORD, a profile)\n`,
    );
    expect(engine.requests).toEqual([]);
  });
});

describe('-o yaml prints YAML', () => {
  it('migration execute --dry-run -o yaml prints the request bodies as YAML, equal to the JSON ones', async () => {
    const cwd = planDir();
    for (const chunked of [[], ['--chunk-size', '2']]) {
      const args = ['migration', 'execute', 'plan.yaml', '--all-instances', '--dry-run', ...chunked];
      const json = await cliAt(engine, args, cwd);
      const yaml = await cliAt(engine, ['-o', 'yaml', ...args], cwd);
      expect(json.code).toBe(0);
      expect(yaml.code).toBe(0);
      expect(yaml.stdout.trimStart().startsWith('{') || yaml.stdout.trimStart().startsWith('[')).toBe(false);
      expect(parseYaml(yaml.stdout)).toEqual(JSON.parse(json.stdout));
    }
    expect(executes(engine)).toEqual([]);
  });
});

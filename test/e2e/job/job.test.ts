// job list (and --summary) and job execute against the simulator, in-process: the engine's filters,
// its objects unchanged with -o json|yaml, the summary's counts, each job's answer and the exit codes.
import { describe, expect } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  failWithRuntimeException,
  findJob,
  SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS,
  SEEDED_PROCESS_INSTANCE_IDS as INSTANCES,
  type Simulator,
} from '../../simulator/index.js';
import { get } from '../../simulator/client.js';
import { runCli } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';

const it = test;

interface JobDto {
  id: string;
  processInstanceId: string;
  retries: number;
  exceptionMessage: string | null;
  failedActivityId: string | null;
}

/** The query parameters of the GET /job requests the command sent. */
function jobQueries(engine: Simulator): URLSearchParams[] {
  return engine.requests
    .filter((request) => request.method === 'GET' && /\/job\?/.test(request.path))
    .map((request) => new URL(`http://h${request.path}`).searchParams);
}

async function jobs(engine: Simulator): Promise<JobDto[]> {
  return (await get(engine, '/job?sortBy=jobId&sortOrder=asc')).body as JobDto[];
}

/** The id of the job of this instance, as GET /job shows it. */
async function jobIdFor(engine: Simulator, instanceId: string): Promise<string> {
  const job = (await jobs(engine)).find((candidate) => candidate.processInstanceId === instanceId);
  if (job === undefined) throw new Error(`no job of instance ${instanceId}`);
  return job.id;
}

/** invoice-6's archiveInvoice job has failed twice and is retried (2 left, a multi-line exception). */
function arrangeRetrying(engine: Simulator): void {
  engine.state.failingJobs.push({
    processInstanceId: INSTANCES.invoiceArchive,
    activityId: 'archiveInvoice',
    retries: 2,
    exceptionMessage: 'Archive unreachable: Connection refused\n\tat com.example.Archive.store(Archive.java:7)',
  });
}

describe('job list', () => {
  it("prints the engine's jobs unchanged with -o json and -o yaml, in id order", async ({ engine, cli }) => {
    arrangeRetrying(engine);
    const direct = await jobs(engine);
    expect(direct.length).toBeGreaterThanOrEqual(2);
    const json = await cli('job', 'list', '-o', 'json');
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(direct);
    expect(parseYaml((await cli('job', 'list', '-o', 'yaml')).stdout)).toEqual(direct);
  });

  it('--failed, --retrying and both select by retries and exception, on the engine', async ({ engine, cli }) => {
    arrangeRetrying(engine);
    const ids = async (...flags: string[]) =>
      (JSON.parse((await cli(['job', 'list', ...flags, '-o', 'json'])).stdout) as JobDto[]).map((job) => job.processInstanceId);
    expect(await ids('--failed')).toEqual([INSTANCES.approvalCheckBudget]);
    expect(await ids('--retrying')).toEqual([INSTANCES.invoiceArchive]);
    expect((await ids('--failed', '--retrying')).sort()).toEqual([INSTANCES.approvalCheckBudget, INSTANCES.invoiceArchive].sort());
    expect(jobQueries(engine).map((query) => Object.fromEntries(query))).toEqual([
      expect.objectContaining({ noRetriesLeft: 'true' }),
      expect.objectContaining({ withRetriesLeft: 'true', withException: 'true' }),
      expect.objectContaining({ withException: 'true' }),
    ]);
    expect(jobQueries(engine)[2]!.has('noRetriesLeft')).toBe(false);
  });

  it('--key, --version, --activity go to the engine; --exception is looked for here (the engine matches whole messages only)', async ({ engine, cli }) => {
    arrangeRetrying(engine);
    const result = await cli(
      'job',
      'list',
      '--key',
      'invoice',
      '--version',
      '1',
      '--activity',
      'archiveInvoice',
      '--exception',
      'Connection refused',
      '-o',
      'json',
    );
    expect(result.stderr).toBe('');
    expect((JSON.parse(result.stdout) as JobDto[]).map((job) => job.processInstanceId)).toEqual([INSTANCES.invoiceArchive]);
    const [query] = jobQueries(engine);
    expect(Object.fromEntries(query!)).toMatchObject({
      processDefinitionKey: 'invoice',
      processDefinitionId: DEFINITIONS.invoiceV1,
      activityId: 'archiveInvoice',
      withException: 'true',
    });
    expect(query!.has('exceptionMessage')).toBe(false);
    expect(JSON.parse((await cli('job', 'list', '--exception', 'connection refused', '-o', 'json')).stdout)).toEqual([]);
  });

  it('--max pages with a hint; --first counts the rows selected', async ({ engine, cli }) => {
    arrangeRetrying(engine);
    const page = await cli('job', 'list', '--max', '1', '-o', 'json');
    expect(JSON.parse(page.stdout)).toHaveLength(1);
    expect(page.stderr).toBe('showing 1 jobs from 0; there are more: --first 1, --max N or --all\n');
    // One job has "Budget" in its exception: skipping one of the selected leaves none.
    expect(JSON.parse((await cli('job', 'list', '--exception', 'Budget', '--first', '1', '-o', 'json')).stdout)).toEqual([]);
    expect(JSON.parse((await cli('job', 'list', '--exception', 'Budget', '-o', 'json')).stdout)).toHaveLength(1);
  });

  it('shows a table on a terminal with the first line of each exception', async ({ engine }) => {
    arrangeRetrying(engine);
    const result = await runCli(['--url', engine.url, '--retries', '0', 'job', 'list', '--failed', '--retrying'], { terminal: { stdout: 300 } });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^│ Id\s+│ Definition\s+│ Instance\s+│ Failed at\s+│ Retries │ Due\s+│ Exception\s+│$/);
    const row = lines.find((line) => line.includes(INSTANCES.invoiceArchive))!;
    expect(row).toMatch(/│ archiveInvoice\s+│ 2\s+│/);
    expect(row).toContain('Archive unreachable: Connection refused');
    expect(row).not.toContain('Archive.java');
  });
});

describe('job list --summary', () => {
  it('counts by definition, activity and exception first line, with no retries left and the oldest and newest', async ({ engine, cli }) => {
    arrangeRetrying(engine);
    const result = await cli('job', 'list', '--summary', '-o', 'json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout) as { jobs: number; groups: Record<string, unknown>[] };
    const all = await jobs(engine);
    expect(summary.jobs).toBe(all.length);
    const budget = summary.groups.find((group) => group.activityId === 'checkBudget');
    expect(budget).toMatchObject({
      processDefinitionKey: 'invoice-approval',
      processDefinitionVersion: 1,
      processDefinitionId: DEFINITIONS.invoiceApprovalV1,
      exception: 'Budget service unavailable',
      count: 1,
      noRetriesLeft: 1,
      oldest: { processInstanceId: INSTANCES.approvalCheckBudget },
    });
    expect(summary.groups.find((group) => group.activityId === 'archiveInvoice')).toMatchObject({
      processDefinitionKey: 'invoice',
      exception: 'Archive unreachable: Connection refused',
      noRetriesLeft: 0,
    });
    expect(summary.groups.reduce((sum, group) => sum + (group.count as number), 0)).toBe(all.length);
    expect(parseYaml((await cli('job', 'list', '--summary', '-o', 'yaml')).stdout)).toEqual(summary);
  });

  it("names a waiting job's activity from its job definition", async ({ engine, cli }) => {
    // Not failed: no failedActivityId; the job definition says where it waits.
    const summary = JSON.parse((await cli('job', 'list', '--summary', '--key', 'invoice', '-o', 'json')).stdout) as { groups: Record<string, unknown>[] };
    expect(summary.groups.map((group) => [group.activityId, group.exception])).toContainEqual(['archiveInvoice', null]);
    const table = await runCli(['--url', engine.url, '--retries', '0', 'job', 'list', '--summary', '--key', 'invoice'], { terminal: { stdout: 300 } });
    expect(table.stdout).toMatch(/│ invoice:1\s+│ archiveInvoice\s+│/);
    expect(table.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ jobs? in \d+ groups?$/);
  });
});

describe('job list: bad input', () => {
  it('refuses --max 0, a bad --version, --version with --definition-id, paging with --summary (exit 2, nothing listed)', async ({ engine, cli }) => {
    const cases: [string[], string][] = [
      [['--max', '0'], "error: --max: '0' is not a whole number of at least 1"],
      [['--key', 'invoice', '--version', 'latest'], "error: --version: 'latest' is not a whole number of at least 1"],
      [
        ['--key', 'invoice', '--version', '1', '--definition-id', DEFINITIONS.invoiceV1],
        'error: --version and --definition-id both name definitions: give one',
      ],
      [['--summary', '--all'], 'error: --summary counts every selected row: --all cannot be combined with it'],
      [['--exception', ' '], 'error: --exception must not be empty'],
    ];
    for (const [flags, message] of cases) {
      const result = await cli(['job', 'list', ...flags]);
      expect(result.code, flags.join(' ')).toBe(2);
      expect(result.stderr.split('\n')[0], flags.join(' ')).toBe(message);
    }
    expect(jobQueries(engine)).toEqual([]);
  });
});

describe('job execute', () => {
  it('runs a job: 204, the job is gone and its instance went on (exit 0)', async ({ engine, cli }) => {
    const id = await jobIdFor(engine, INSTANCES.invoiceArchive);
    const result = await cli('job', 'execute', id, '-o', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([{ id, outcome: 'executed' }]);
    expect(result.stderr).toBe('executed 1 job\n');
    expect(findJob(engine.state, id)).toBeUndefined();
    expect(engine.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`/engine-rest/job/${id}/execute`]);
  });

  it("prints the job's exception when it fails again; the engine counted its retries down (exit 6)", async ({ engine, cli }) => {
    arrangeRetrying(engine);
    const definition = engine.state.findProcessDefinition(DEFINITIONS.invoiceV1)!;
    definition.activities.find((activity) => activity.id === 'archiveInvoice')!.fails = 'Unknown property used in expression: ${archive}';
    const id = await jobIdFor(engine, INSTANCES.invoiceArchive);
    const result = await cli('job', 'execute', id, '-o', 'json');
    expect(result.code).toBe(6);
    expect(JSON.parse(result.stdout)).toEqual([
      { id, outcome: 'failed', status: 404, type: 'InvalidRequestException', message: 'Unknown property used in expression: ${archive}' },
    ]);
    expect(result.stderr).toBe('error: 1 of 1 job did not run (1 failed)\n');
    expect((await jobs(engine)).find((job) => job.id === id)).toMatchObject({
      retries: 1,
      exceptionMessage: 'Unknown property used in expression: ${archive}',
    });
  });

  it('tells a missing job (exit 5) from a failing one, and reports a 500 with its message', async ({ engine, cli }) => {
    const missing = await cli('job', 'execute', 'no-such-job');
    expect(missing.code).toBe(5);
    expect(missing.stderr).toBe('error: 1 of 1 job did not run (1 not found)\n');
    failWithRuntimeException(engine.state, 'archiveInvoice');
    engine.state.findProcessDefinition(DEFINITIONS.invoiceV1)!.activities.find((activity) => activity.id === 'archiveInvoice')!.fails = 'archive store is null';
    const id = await jobIdFor(engine, INSTANCES.invoiceArchive);
    const failed = await cli('job', 'execute', id, '-o', 'json');
    expect(JSON.parse(failed.stdout)).toEqual([{ id, outcome: 'failed', status: 500, type: 'RestException', message: 'archive store is null' }]);
    expect(failed.code).toBe(6);
  });

  it('runs each id once, in order, and exits 8 when some ran and others did not; a table names each outcome', async ({ engine }) => {
    const budget = await jobIdFor(engine, INSTANCES.approvalCheckBudget);
    const archive = await jobIdFor(engine, INSTANCES.invoiceArchive);
    const result = await runCli(['--url', engine.url, '--retries', '0', 'job', 'execute', budget, 'gone', budget, archive], { terminal: { stdout: 200 } });
    expect(result.code).toBe(8);
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .slice(2, -1)
      .map((line) =>
        line
          .split('│')
          .map((cell) => cell.trim())
          .slice(1, 3),
      );
    // The seeded checkBudget job's activity no longer fails: it runs, and its incident is resolved.
    expect(rows).toEqual([
      [budget, 'executed'],
      ['gone', 'not found'],
      [archive, 'executed'],
    ]);
    expect(result.stderr).toBe('error: 1 of 3 jobs did not run (1 not found)\n');
    expect(engine.state.incidents.some((incident) => incident.processInstanceId === INSTANCES.approvalCheckBudget)).toBe(false);
    expect(engine.requests.filter((request) => request.method === 'POST')).toHaveLength(3);
  });

  it("stops at an answer that is not the engine's, shows what ran before, and exits 8", async ({ engine, cli }) => {
    const archive = await jobIdFor(engine, INSTANCES.invoiceArchive);
    engine.inject({ method: 'POST', path: /^\/job\/behind-a-proxy\/execute$/, status: 502, body: '<html>502 Bad Gateway</html>', contentType: 'text/html' });
    const result = await cli('job', 'execute', archive, 'behind-a-proxy', 'never-sent', '-o', 'json');
    expect(result.code).toBe(8);
    expect(JSON.parse(result.stdout)).toEqual([{ id: archive, outcome: 'executed' }]);
    expect(result.stderr.split('\n')[0]).toMatch(/^error: stopped after 1 of 3 jobs \(1 ran\): POST .*\/job\/behind-a-proxy\/execute: 502 /);
    expect(engine.requests.some((request) => request.path.includes('never-sent'))).toBe(false);
  });
});

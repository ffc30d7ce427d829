// incident list (and --summary) against the simulator, in-process: filters as the engine's query,
// the engine's objects unchanged with -o json|yaml, the summary's counts, bad input.
import { describe, expect } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  raiseIncident,
  SEEDED_INCIDENT_IDS as INCIDENTS,
  SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS,
  SEEDED_PROCESS_INSTANCE_IDS as INSTANCES,
  type Simulator,
} from '../../simulator/index.js';
import { get } from '../../simulator/client.js';
import { runCli } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';

/** The query parameters of the GET /incident requests the command sent. */
function incidentQueries(engine: Simulator): URLSearchParams[] {
  return engine.requests
    .filter((request) => request.method === 'GET' && /\/incident\?/.test(request.path))
    .map((request) => new URL(`http://h${request.path}`).searchParams);
}

/** Incidents at known times: three failed jobs of invoice-approval:1 at checkBudget (one seeded), a timeout at approve. */
function arrange(engine: Simulator): { newest: string; multiLine: string } {
  const state = engine.state;
  const at = (id: string) => state.findProcessInstance(id)!;
  const second = raiseIncident(state, at(INSTANCES.approvalApprove1), {
    activityId: 'checkBudget',
    incidentMessage: 'Budget service unavailable\n\tat com.example.Budget.check(Budget.java:42)',
  });
  second.incidentTimestamp = '2026-11-25T08:00:00.000+0000';
  const third = raiseIncident(state, at(INSTANCES.approvalApprove2), { activityId: 'checkBudget', incidentMessage: 'Budget service unavailable' });
  third.incidentTimestamp = '2026-11-27T09:30:00.000+0100';
  const other = raiseIncident(state, at(INSTANCES.approvalArchive), { activityId: 'approve', incidentMessage: 'Read timed out: 50% of 10_000 ms' });
  other.incidentTimestamp = '2026-11-26T00:00:00.000+0000';
  return { newest: third.id, multiLine: second.id };
}

const it = test;

describe('incident list', () => {
  it("prints the engine's incidents unchanged with -o json and -o yaml, in id order", async ({ engine, cli }) => {
    arrange(engine);
    const direct = (await get(engine, '/incident?sortBy=incidentId&sortOrder=asc')).body as { id: string }[];
    const json = await cli('incident', 'list', '-o', 'json');
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(direct);
    expect(direct).toHaveLength(5);
    const yaml = await cli('incident', 'list', '-o', 'yaml');
    expect(parseYaml(yaml.stdout)).toEqual(direct);
  });

  it('sends every filter to the engine: key, activity, type, message (escaped), since (inclusive), until', async ({ engine, cli }) => {
    arrange(engine);
    const result = await cli(
      'incident',
      'list',
      '--key',
      'invoice-approval',
      '--activity',
      'approve',
      '--type',
      'failedJob',
      '--message',
      '50% of 10_000',
      '--since',
      '2026-11-26',
      '--until',
      '2026-11-27T00:00:00Z',
      '-o',
      'json',
    );
    expect(result.stderr).toBe('');
    expect((JSON.parse(result.stdout) as { activityId: string }[]).map((incident) => incident.activityId)).toEqual(['approve']);
    const [query] = incidentQueries(engine);
    expect(Object.fromEntries(query!)).toMatchObject({
      processDefinitionKeyIn: 'invoice-approval',
      activityId: 'approve',
      incidentType: 'failedJob',
      incidentMessageLike: '%50\\% of 10\\_000%',
      // A millisecond before --since: the engine's comparison is strict.
      incidentTimestampAfter: '2026-11-25T23:59:59.999+0000',
      incidentTimestampBefore: '2026-11-27T00:00:00.000+0000',
    });
    // The escaped pattern matches the text only: "50" followed by anything would match more.
    expect(JSON.parse((await cli('incident', 'list', '--message', '50_', '-o', 'json')).stdout)).toEqual([]);
  });

  it('resolves --version to the definition id; several tenants are filtered here', async ({ engine, cli }) => {
    arrange(engine);
    const one = await cli('incident', 'list', '--key', 'invoice-approval', '--version', '1', '-o', 'json');
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toHaveLength(5);
    expect(incidentQueries(engine)[0]!.get('processDefinitionId')).toBe(DEFINITIONS.invoiceApprovalV1);
    engine.requests.length = 0;
    const state = engine.state;
    for (const id of [INSTANCES.sharedTenantA, INSTANCES.sharedTenantB]) raiseIncident(state, state.findProcessInstance(id)!, { incidentMessage: 'shared' });
    const shared = await cli('incident', 'list', '--key', 'shared-process', '--version', '1', '-o', 'json');
    expect((JSON.parse(shared.stdout) as { processDefinitionId: string }[]).map((incident) => incident.processDefinitionId).sort()).toEqual(
      [DEFINITIONS.sharedTenantA, DEFINITIONS.sharedTenantB].sort(),
    );
    const [query] = incidentQueries(engine);
    expect(query!.get('processDefinitionKeyIn')).toBe('shared-process');
    expect(query!.has('processDefinitionId')).toBe(false);
  });

  it('pages like the other lists: --max with a hint, --first', async ({ engine, cli }) => {
    arrange(engine);
    const page = await cli('incident', 'list', '--max', '2', '-o', 'json');
    expect(JSON.parse(page.stdout)).toHaveLength(2);
    expect(page.stderr).toBe('showing 2 incidents from 0; there are more: --first 2, --max N or --all\n');
    const rest = await cli('incident', 'list', '--first', '2', '--all', '-o', 'json');
    expect(JSON.parse(rest.stdout)).toHaveLength(3);
  });

  it('shows a table on a terminal with the first line of each message', async ({ engine }) => {
    const { multiLine } = arrange(engine);
    const result = await runCli(['--url', engine.url, '--retries', '0', 'incident', 'list'], { terminal: { stdout: 400 } });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^│ Id\s+│ Time\s+│ Type\s+│ Definition\s+│ Activity\s+│ Instance\s+│ Message\s+│$/);
    const row = lines.find((line) => line.includes(multiLine))!;
    expect(row).toContain('Budget service unavailable');
    expect(row).not.toContain('Budget.java');
  });
});

describe('incident list --summary', () => {
  it('counts by definition, version, activity, type and first line, with the oldest and newest', async ({ engine, cli }) => {
    const { newest } = arrange(engine);
    const result = await cli('incident', 'list', '--summary', '-o', 'json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout) as { incidents: number; groups: Record<string, unknown>[] };
    expect(summary.incidents).toBe(5);
    expect(summary.groups[0]).toEqual({
      processDefinitionKey: 'invoice-approval',
      processDefinitionVersion: 1,
      processDefinitionId: DEFINITIONS.invoiceApprovalV1,
      tenantId: null,
      activityId: 'checkBudget',
      incidentType: 'failedJob',
      message: 'Budget service unavailable',
      count: 3,
      oldest: { id: INCIDENTS.checkBudgetFailedJob, incidentTimestamp: '2026-11-21T22:56:04.102+0000', processInstanceId: INSTANCES.approvalCheckBudget },
      // 09:30 at +0100 is the latest instant, whatever the text says.
      newest: { id: newest, incidentTimestamp: '2026-11-27T09:30:00.000+0100', processInstanceId: INSTANCES.approvalApprove2 },
    });
    expect(summary.groups.slice(1).map((group) => [group.activityId, group.incidentType, group.count])).toEqual([
      ['approve', 'failedJob', 1],
      ['sendReminder', 'failedExternalTask', 1],
    ]);
    const yaml = await cli('incident', 'list', '--summary', '-o', 'yaml');
    expect(parseYaml(yaml.stdout)).toEqual(summary);
  });

  it('draws one row per group and the totals as a table; filters apply', async ({ engine }) => {
    arrange(engine);
    const result = await runCli(['--url', engine.url, '--retries', '0', 'incident', 'list', '--summary', '--type', 'failedJob'], { terminal: { stdout: 300 } });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^│ Definition\s+│ Activity\s+│ Type\s+│ Message\s+│ Count │ Oldest\s+│ Newest\s+│$/);
    expect(lines.filter((line) => line.includes('invoice-approval:1'))).toHaveLength(2);
    expect(lines.at(-1)).toBe('4 incidents in 2 groups');
    // Off a terminal, the rows alone (and their header), for cut and awk.
    const piped = await runCli(['--url', engine.url, '--retries', '0', 'incident', 'list', '--summary', '--type', 'failedJob']);
    expect(piped.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(piped.stdout).not.toContain('groups');
  });
});

describe('incident list: bad input', () => {
  it('refuses bad dates, --max 0, --version without --key, an unknown version and paging with --summary (exit 2, nothing listed)', async ({ engine, cli }) => {
    const cases: [string[], string][] = [
      [
        ['--since', 'yesterday'],
        "error: --since: 'yesterday' is not a date (2026-01-31, 2026-01-31T10:00:00Z, 2026-01-31T10:00:00+02:00, or an age such as 30d or 12h)",
      ],
      [['--since', '2d', '--until', '3d'], 'error: --since must be before --until (--until is exclusive)'],
      [['--max', '0'], "error: --max: '0' is not a whole number of at least 1"],
      [['--version', '1'], 'error: --version needs --key (the version of which key)'],
      [['--key', 'invoice-approval', '--version', '9'], 'error: --version: no process definition invoice-approval:9 (versions of invoice-approval: 1, 2)'],
      [['--key', 'invoice-aproval', '--version', '1'], "error: --version: no process definition with key 'invoice-aproval' (did you mean invoice-approval?)"],
      [['--summary', '--max', '5'], 'error: --summary counts every selected row: --max cannot be combined with it'],
      [['--message', ''], 'error: --message must not be empty'],
    ];
    for (const [flags, message] of cases) {
      const result = await cli(['incident', 'list', ...flags]);
      expect(result.code, flags.join(' ')).toBe(2);
      expect(result.stderr.split('\n')[0], flags.join(' ')).toBe(message);
      expect(result.stdout).toBe('');
    }
    expect(incidentQueries(engine)).toEqual([]);
  });

  it('says which incident type was meant when an unknown one matched nothing', async ({ cli }) => {
    const result = await cli('incident', 'list', '--type', 'failedjob', '-o', 'json');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('[]\n');
    expect(result.stderr).toBe(
      "warning: --type: no incident of type 'failedjob', which is not one of the engine's incident types (did you mean failedJob?); a custom incident handler may add types of its own\n",
    );
  });
});

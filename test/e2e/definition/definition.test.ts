// definition list and definition show against the simulator, in-process.
import { describe, expect } from 'vitest';
import { SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS } from '../../simulator/index.js';
import { runCli } from '../../helpers/cli.js';
import { fileTest } from '../../helpers/fixtures.js';

const it = fileTest().extend<{ onTerminal: (args: string[]) => ReturnType<typeof runCli>; paths: () => string[] }>({
  /** On a terminal wide enough for the tables, as an operator sees them. */
  onTerminal: async ({ engine }, use) => use((args) => runCli(['--url', engine.url, '--retries', '0', ...args], { terminal: { stdout: 200 } })),
  paths: async ({ engine }, use) => use(() => engine.requests.map((request) => decodeURIComponent(request.path.replace(/^\/engine-rest/, '').split('?')[0]!))),
});
it.afterEach(({ engine }) => {
  engine.requests.length = 0;
});

interface Row {
  id: string;
  key: string;
  version: number;
  statistics: { instances: number; incidents: number; failedJobs: number } | null;
}

describe('definition list', () => {
  it('lists every definition in id order with its instances and incidents; -o json keeps the engine object and adds statistics', async ({
    engine,
    cli,
    paths,
  }) => {
    const result = await cli(['definition', 'list', '-o', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as Row[];
    expect(rows.map((row) => row.id)).toEqual([...engine.state.processDefinitions.map((definition) => definition.id)].sort());
    expect(rows.find((row) => row.id === DEFINITIONS.invoiceApprovalV1)?.statistics).toEqual({ instances: 5, incidents: 2, failedJobs: 1 });
    expect(rows.find((row) => row.id === DEFINITIONS.invoiceV2)?.statistics).toEqual({ instances: 0, incidents: 0, failedJobs: 0 });
    expect(rows[0]).toMatchObject({ resource: 'archive-invoice.bpmn', historyTimeToLive: 30 });
    // One statistics request for all the rows.
    expect(paths().filter((path) => path === '/process-definition/statistics')).toHaveLength(1);
  });

  it('filters by key and to the latest versions, and shows a table', async ({ engine, cli, onTerminal }) => {
    const latest = await onTerminal(['definition', 'list', '--latest']);
    expect(latest.code).toBe(0);
    const lines = latest.stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^│ Key\s+│ Version │ Id\s+│ Tenant\s+│ Version tag │ Instances │ Incidents │$/);
    expect(
      lines.slice(2, -1).map((line) =>
        line
          .split('│')
          .map((cell) => cell.trim())
          .slice(1, 3),
      ),
    ).toEqual([
      ['archive-invoice', '1'],
      ['invoice-approval', '2'],
      ['invoice', '2'],
      ['refengine-demo', '2'],
      ['shared-process', '1'],
      ['shared-process', '1'],
    ]);
    engine.requests.length = 0;
    const byKey = JSON.parse((await cli(['definition', 'list', '--key', 'invoice-approval', '-o', 'json'])).stdout) as Row[];
    expect(byKey.map((row) => [row.key, row.version])).toEqual([
      ['invoice-approval', 1],
      ['invoice-approval', 2],
    ]);
    const [request] = engine.requests.filter((sent) => sent.path.includes('/process-definition?'));
    expect(new URL(`http://h${request!.path}`).searchParams.get('key')).toBe('invoice-approval');
  });

  it('pages like the other lists: --max with a hint that there is more, --first, --all', async ({ cli }) => {
    const page = await cli(['definition', 'list', '--max', '2', '-o', 'json']);
    expect((JSON.parse(page.stdout) as Row[]).map((row) => row.id)).toEqual([DEFINITIONS.archiveInvoiceV1, DEFINITIONS.invoiceApprovalV1]);
    expect(page.stderr).toBe('showing 2 definitions from 0; there are more: --first 2, --max N or --all\n');
    const next = await cli(['definition', 'list', '--first', '8', '-o', 'json']);
    expect((JSON.parse(next.stdout) as Row[]).map((row) => row.id)).toEqual([DEFINITIONS.sharedTenantB]);
    expect((await cli(['definition', 'list', '--all', '--max', '3'])).code).toBe(2);
  });
});

describe('definition show', () => {
  it("shows a definition's activities from its model with running instances, incidents and failed jobs", async ({ cli, paths }) => {
    const result = await cli(['definition', 'show', 'invoice-approval:1', '-o', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const shown = JSON.parse(result.stdout) as {
      definition: { id: string };
      activities: { id: string; type: string; name: string | null; scope: string | null; instances: number; incidents: number; failedJobs: number }[];
    };
    expect(shown.definition.id).toBe(DEFINITIONS.invoiceApprovalV1);
    const byId = new Map(shown.activities.map((activity) => [activity.id, activity]));
    expect(byId.get('approve')).toEqual({ id: 'approve', type: 'userTask', name: 'Approve invoice', scope: null, instances: 3, incidents: 0, failedJobs: 0 });
    expect(byId.get('checkBudget')).toMatchObject({ type: 'serviceTask (class)', instances: 1, incidents: 1, failedJobs: 1 });
    expect(byId.get('reminder')).toMatchObject({ type: 'boundaryEvent (timer, non-interrupting)', scope: 'approve' });
    // The multi-instance body follows its activity: a plan maps it with an instruction of its own.
    const ids = shown.activities.map((activity) => activity.id);
    expect(ids.slice(ids.indexOf('signOff'), ids.indexOf('signOff') + 2)).toEqual(['signOff', 'signOff#multiInstanceBody']);
    expect(paths()).toContain(`/process-definition/${DEFINITIONS.invoiceApprovalV1}/xml`);
  });

  it('prints a table under a heading naming the definition', async ({ onTerminal }) => {
    const result = await onTerminal(['definition', 'show', DEFINITIONS.v2]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`refengine-demo:2 (${DEFINITIONS.v2}) RefEngine Demo`);
    expect(
      lines.slice(3, -1).map((line) =>
        line
          .split('│')
          .map((cell) => cell.trim())
          .slice(1, 6),
      ),
    ).toEqual([
      ['start', 'startEvent', 'Start', '-', '0'],
      ['approve', 'userTask', 'Approve', '-', '2'],
      ['review', 'userTask', 'Review', '-', '1'],
      ['end', 'endEvent', 'End', '-', '0'],
    ]);
  });

  it('list of a key that matches nothing says which keys are near (exit 0, the empty list on stdout)', async ({ cli }) => {
    const typo = await cli(['definition', 'list', '--key', 'invoic', '-o', 'json']);
    expect(typo.code).toBe(0);
    expect(JSON.parse(typo.stdout)).toEqual([]);
    expect(typo.stderr).toBe("warning: no process definition with key 'invoic' (did you mean invoice?)\n");
    const found = await cli(['definition', 'list', '--key', 'invoice', '-o', 'json']);
    expect(found.stderr).toBe('');
  });

  it('refuses a reference that matches nothing with exit 2, naming what exists', async ({ cli }) => {
    const result = await cli(['definition', 'show', 'invoice-approval:9']);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toBe('error: definition: no process definition invoice-approval:9 (versions of invoice-approval: 1, 2)\n');
  });

  it('says so with exit 7 when the model the engine answers cannot be read', async ({ engine, cli }) => {
    const definition = engine.state.findProcessDefinition(DEFINITIONS.v1)!;
    definition.bpmnXml = '<not bpmn';
    try {
      const result = await cli(['definition', 'show', 'refengine-demo:1']);
      expect(result.code).toBe(7);
      expect(result.stderr).toMatch(/^error: the BPMN model of refengine-demo:1 \(refengine-demo:1:[^)]+\) cannot be read: not a BPMN 2.0 document: [^\n]+\n$/);
    } finally {
      delete definition.bpmnXml;
    }
  });
});

// Every table that README.md or a page of docs/ shows as the output of a command (a `$ camunda-admin …`
// line in a code block, then its output) is compared with what the command prints, run as written on
// a terminal as wide as the documented table, against the simulator. The documented URL is the
// default one, http://localhost:8080/engine-rest: a forwarding proxy (http_proxy, which every request
// honours) passes it to the simulator, so that error lines quote the URL the docs show. A '…' in a
// documented line stands for text left out (an id, a duration); the rest of such a line is compared
// cell by cell. An example that cannot be run is listed in NOT_RUN with the reason.
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { type Simulator, startSimulator } from '../../simulator/index.js';
import { cleanEnv, runCli, tempDir } from '../../helpers/cli.js';
import { DEMO_PLAN } from '../../helpers/plans.js';

const ROOT = new URL('../../../', import.meta.url);
const PAGES = [
  'README.md',
  ...readdirSync(new URL('docs/', ROOT))
    .filter((name) => name.endsWith('.md') && name !== 'commands.md')
    .map((name) => `docs/${name}`),
];

interface Example {
  /** `docs/groups.md:61` */
  where: string;
  /** What follows `$ camunda-admin `. */
  command: string;
  output: string[];
  /** From a `(exit N)` line. */
  exit: number | undefined;
}

const isTableLine = (line: string): boolean => /^[┌│├└]/.test(line);

/** The examples of a page: in a code block, a `$ camunda-admin` line and the lines up to the next command, comment or the end of the block. */
function examplesOf(page: string): Example[] {
  const lines = readFileSync(new URL(page, ROOT), 'utf8').split('\n');
  const examples: Example[] = [];
  let inBlock = false;
  let current: Example | undefined;
  const finish = (): void => {
    if (current && current.output.some(isTableLine)) examples.push(current);
    current = undefined;
  };
  lines.forEach((line, index) => {
    if (line.startsWith('```')) {
      finish();
      inBlock = !inBlock;
      return;
    }
    if (!inBlock) return;
    const command = /^\$ camunda-admin (.*)$/.exec(line);
    if (command || line.startsWith('$ ') || line.startsWith('# ')) {
      finish();
      if (command) current = { where: `${page}:${index + 1}`, command: command[1]!, output: [], exit: undefined };
      return;
    }
    const exit = /^\(exit (\d+)\)$/.exec(line);
    if (current && exit) current.exit = Number(exit[1]);
    else current?.output.push(line);
  });
  finish();
  return examples;
}

/** What a run needs besides the simulator: files in its working directory, a fixed clock. */
interface Run {
  setup?: (context: { cwd: string; engine: Simulator; cli: (args: string[]) => Promise<unknown> }) => Promise<void> | void;
  /**
   * Why the example shows only part of the output (rows left out as `│ …`): then the command must
   * succeed, and each documented row without '…' must be among the printed ones.
   */
  abridged?: string;
}

/** The plan of the demo whose validation fails twice (docs/migration.md). */
const FAILING_DEMO_PLAN = {
  ...DEMO_PLAN,
  instructions: [
    { sourceActivityIds: ['approve'], targetActivityIds: ['nope'] },
    { sourceActivityIds: ['start'], targetActivityIds: ['review'] },
  ],
};
const generateInvoicePlan = (file: string) => ['migration', 'generate', '--source', 'invoice:1', '--target', 'invoice:latest', '--out', file];
/** The runbook's edit of the generated plan: the renamed activity mapped by hand. */
const MAP_RENAMED = '  - sourceActivityIds: [ approveInvoice ]\n    targetActivityIds: [ approveInvoiceV2 ]\n';

/** The runbook's plan.yaml after the review: generated, the renamed activity mapped by hand. */
async function mappedInvoicePlan({ cwd, cli }: { cwd: string; cli: (args: string[]) => Promise<unknown> }): Promise<void> {
  await cli(generateInvoicePlan('plan.yaml'));
  appendFileSync(join(cwd, 'plan.yaml'), MAP_RENAMED);
}

/** docs/migration.md's approval-plan.yaml: what generate --suggest writes for invoice-approval, its suggestions uncommented by the reviewer. */
async function reviewedApprovalPlan({ cwd, cli }: { cwd: string; cli: (args: string[]) => Promise<unknown> }): Promise<void> {
  await cli(['migration', 'generate', '--source', 'invoice-approval:1', '--target', 'invoice-approval:latest', '--suggest', '--out', 'generated.yaml']);
  const text = readFileSync(join(cwd, 'generated.yaml'), 'utf8');
  writeFileSync(join(cwd, 'approval-plan.yaml'), text.replace(/^ {2}# (- sourceActivityIds)/gm, '  $1').replace(/^ {2}# ( {2}targetActivityIds)/gm, '  $1'));
}

/** The access file of docs/access.md's plan: a new group, a renamed one, a member, a revoke widened. */
const ACCESS_FILE = `scope: { groups: ["sa*", accounting], resourceTypes: [process-definition] }
groups:
  sales: { name: Sales Team, type: WORKFLOW, members: [john, lena, max] }
  audit: { name: Audit, members: [mary] }
authorizations:
  - { type: revoke, group: sales, resource: process-definition, permissions: [DELETE, UPDATE] }
  - { type: grant, group: audit, resource: process-definition, resourceId: invoice, permissions: [READ] }
`;

/** Keyed by where the example is and its command. */
/** invoice:1 as deployed before 7.20, without a time-to-live, two of its instances finished (docs/history.md). */
function legacyInvoice(engine: Simulator): void {
  const v1 = engine.state.processDefinitions.find((definition) => definition.key === 'invoice' && definition.version === 1)!;
  v1.historyTimeToLive = null;
  const running = engine.state.processInstances.filter((instance) => instance.definitionId === v1.id && !instance.suspended);
  for (const instance of running.slice(0, 2)) engine.state.endProcessInstance(instance.id);
}

const RUNS: Record<string, Run> = {
  'docs/access.md access plan access.yaml': { setup: ({ cwd }) => writeFileSync(join(cwd, 'access.yaml'), ACCESS_FILE) },
  'docs/access.md auth explain --user john --resource-type process-definition --resource-id refengine-demo': {
    abridged: 'the page shows the first permissions of 23',
  },
  'docs/authorizations.md auth resources': {},
  'docs/authorizations.md auth update c950b77a-e5fe-11f1-a2ca-02fc00000001 --add-permissions DELETE': {},
  'docs/groups.md group members add sales john mary': {},
  'docs/metrics.md metrics report --from 2026-01 --to 2026-03': {
    // The meter log is seeded relative to the clock: a clock after March 2026 seeds the three months.
    setup: ({ engine }) => {
      engine.state.clock = () => Date.parse('2026-04-15T12:00:00.000Z');
      engine.state.reseedMeterLogs();
    },
  },
  'docs/migration.md definition list --key invoice-approval': {},
  'docs/migration.md definition show invoice-approval:1': {},
  'docs/migration.md migration diff invoice-approval:1 invoice-approval:latest': {},
  'docs/migration.md migration diff invoice:1 invoice:latest': { abridged: 'the runbook shows the one suggestion it acts on' },
  'docs/migration.md migration validate broken-plan.yaml': { setup: ({ cwd }) => writeFileSync(join(cwd, 'broken-plan.yaml'), toYaml(FAILING_DEMO_PLAN)) },
  'docs/migration.md migration validate invoice-plan.yaml --strict': { setup: async ({ cli }) => void (await cli(generateInvoicePlan('invoice-plan.yaml'))) },
  'docs/migration.md migration validate approval-plan.yaml': { setup: reviewedApprovalPlan },
  'docs/migration.md migration execute approval-plan.yaml --instances c7e20b03-e5fe-11f1-a2ca-02fc00000001,c7e20b04-e5fe-11f1-a2ca-02fc00000001 --yes': {
    setup: reviewedApprovalPlan,
  },
  'docs/migration.md migration execute invoice-plan.yaml --all-instances --yes --skip-validation': {
    setup: async ({ cli }) => void (await cli(generateInvoicePlan('invoice-plan.yaml'))),
  },
  'docs/migration.md migration validate plan.yaml --strict': { setup: async ({ cli }) => void (await cli(generateInvoicePlan('plan.yaml'))) },
  'docs/migration.md migration validate plan.yaml': { setup: mappedInvoicePlan },
  'docs/migration.md migration execute plan.yaml --all-instances --dry-run': { setup: mappedInvoicePlan },
  'docs/migration.md migration execute plan.yaml --all-instances': { setup: mappedInvoicePlan },
  'docs/migration.md migration execute plan.yaml --all-instances --chunk-size 2 --yes --report report.csv': { setup: mappedInvoicePlan },
  'docs/history.md history ttl list --missing': { setup: ({ engine }) => legacyInvoice(engine) },
  'docs/history.md history ttl set invoice --days 30 --yes': { setup: ({ engine }) => legacyInvoice(engine) },
  'docs/operations.md incident list --summary': {},
  'docs/operations.md instance suspend --key invoice --canary 2 --chunk-size 500 --report suspended.csv --yes': {},
};

/** A documented line with '…' against a printed one: the same cells, '…' standing for any text. */
function sameCells(documented: string, printed: string): boolean {
  const cells = (line: string) => line.split('│').map((cell) => cell.trim());
  const want = cells(documented);
  const got = cells(printed);
  return (
    want.length === got.length &&
    want.every((cell, index) =>
      new RegExp(
        `^${cell
          .split('…')
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      ).test(got[index]!),
    )
  );
}

/** The tables among some lines: each a run of table lines. */
function tablesOf(lines: readonly string[]): string[][] {
  const tables: string[][] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    if (!isTableLine(line)) {
      current = undefined;
      continue;
    }
    if (current === undefined) tables.push((current = []));
    current.push(line);
  }
  return tables;
}

/** The printed tables in the order of the documented ones, paired by their first two lines (the top and the headings). */
function inDocumentedOrder(documented: readonly string[][], printed: readonly string[][]): string[][] {
  const left = [...printed];
  const ordered = documented.map((table) => {
    const index = left.findIndex((candidate) => candidate.slice(0, 2).every((line, at) => line === table[at] || sameCells(table[at] ?? '', line)));
    return index === -1 ? (left.shift() ?? []) : left.splice(index, 1)[0]!;
  });
  return [...ordered, ...left];
}

/** Replaces an example's output in its page with `printed` (and its `(exit N)` line, if it has one). */
function rewriteExample(example: Example, printed: string): void {
  const [page, line] = example.where.split(':') as [string, string];
  const file = new URL(page, ROOT);
  const lines = readFileSync(file, 'utf8').split('\n');
  const exitLine = example.exit === undefined ? [] : [`(exit ${example.exit})`];
  const blankAfter = example.output.length - example.output.findLastIndex((text) => text !== '') - 1;
  lines.splice(
    Number(line),
    example.output.length + exitLine.length,
    ...printed.replace(/\n$/, '').split('\n'),
    ...exitLine,
    ...Array<string>(blankAfter).fill(''),
  );
  writeFileSync(file, lines.join('\n'));
}

let engine: Simulator;
let forwarder: Server;
let proxyUrl: string;
beforeAll(async () => {
  // Requests for http://localhost:8080 come here in absolute form and go on to the simulator of the test.
  forwarder = createServer((request, response) => {
    const target = new URL(request.url ?? '/');
    const upstream = httpRequest(
      `${new URL(engine.url).origin}${target.pathname}${target.search}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => forwarder.close(resolve));
});
afterEach(async () => {
  await engine?.close();
});

const examples = PAGES.flatMap(examplesOf);

describe('documented tables', () => {
  it('are all run here', () => {
    expect(examples.length).toBeGreaterThan(5);
    expect(examples.map((example) => `${example.where.replace(/:\d+$/, '')} ${example.command}`).filter((key) => !(key in RUNS))).toEqual([]);
  });

  it.each(examples.map((example) => [`${example.where}: ${example.command}`, example] as const))('%s', async (_name, example) => {
    engine = await startSimulator({ batchJobsPerSecond: 0, loginDelayBaseSeconds: 0 });
    const cwd = tempDir();
    const env = cleanEnv({ http_proxy: proxyUrl });
    const run = RUNS[`${example.where.replace(/:\d+$/, '')} ${example.command}`]!;
    const width = Math.max(...example.output.filter(isTableLine).map((line) => stringWidth(line)));
    const cli = (args: string[]) => runCli(args, { cwd, env, terminal: { stdout: width, stderr: width } });
    await run.setup?.({ cwd, engine, cli });
    const result = await cli(example.command.split(' '));
    if (example.exit !== undefined) expect(result.code, result.stderr).toBe(example.exit);
    const documented = example.output.filter(isTableLine);
    const printed = `${result.stdout}${result.stderr}`.split('\n').filter(isTableLine);
    if (run.abridged !== undefined) {
      expect(result.code, result.stderr).toBe(0);
      for (const line of documented.filter((text) => !text.includes('…'))) expect(printed, run.abridged).toContain(line);
      return;
    }
    // UPDATE_DOC_EXAMPLES=1 npx vitest run test/e2e/output/doc-examples.test.ts -t 'docs/x.md:N': writes what the
    // command printed in place of an example that has no '…' (one example a run: line numbers move).
    if (process.env.UPDATE_DOC_EXAMPLES && !example.output.some((line) => line.includes('…'))) rewriteExample(example, `${result.stdout}${result.stderr}`);
    expect(printed.length, `${result.stdout}${result.stderr}`).toBe(documented.length);
    // A page shows a terminal, where stderr's tables come between stdout's lines; the run captures the
    // two streams apart. So the printed tables are taken in the documented order: each documented table
    // with the printed one of the same heading.
    const ordered = inDocumentedOrder(tablesOf(example.output), [...tablesOf(result.stdout.split('\n')), ...tablesOf(result.stderr.split('\n'))]).flat();
    documented.forEach((line, index) => {
      if (line.includes('…')) expect(sameCells(line, ordered[index]!), `${line}\n${ordered[index]}`).toBe(true);
      else expect(ordered[index]).toBe(line);
    });
  });
});

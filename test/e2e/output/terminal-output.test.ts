// Output that fits the terminal and pipes (issue 17): tables fitted to the terminal's width (free
// text wrapped, ids whole), -o wide never wrapped, plain tab-separated lines when stdout is not a
// terminal, --no-headers, sparklines as wide as the terminal, and colour decided for stdout and
// stderr each by itself. What only a real terminal shows (its width, one stream a terminal and the
// other a file) runs on a pseudo-terminal; the sweep over every table runs in-process.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { SEEDED_AUTHORIZATION_IDS as AUTHORIZATIONS, type Simulator, startSimulator } from '../../simulator/index.js';
import { BIN, cleanEnv, runCli, tempDir } from '../../helpers/cli.js';
import { DEMO_PLAN } from '../../helpers/plans.js';
import { runOnPty } from '../../helpers/pty.js';

let engine: Simulator;
let dir: string;
beforeAll(async () => {
  engine = await startSimulator({ batchJobsPerSecond: 0 });
  dir = tempDir();
  // A long engine failure in a table: `group members add` refuses a user the engine does not have
  // before it sends anything, so nobody is a user here whose membership PUT gets the engine's 500.
  engine.state.users.push({ id: 'nobody', firstName: 'No', lastName: 'Body', email: null, password: 'x' });
  engine.inject({
    method: 'PUT',
    path: /^\/group\/sales\/members\/nobody$/,
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ type: 'NullValueException', message: "No user found with id 'nobody'.: user is null" }),
  });
  // The plan of docs/migration.md: two failing instructions, one failure a long sentence.
  const failing = {
    ...DEMO_PLAN,
    instructions: [
      { sourceActivityIds: ['approve'], targetActivityIds: ['nope'] },
      { sourceActivityIds: ['start'], targetActivityIds: ['review'] },
    ],
  };
  writeFileSync(join(dir, 'failing.yaml'), toYaml(failing));
  writeFileSync(join(dir, 'plan.yaml'), toYaml(DEMO_PLAN));
  writeFileSync(
    join(dir, 'invoice.yaml'),
    toYaml({
      source: 'invoice:1',
      target: 'invoice:2',
      instructions: [{ sourceActivityIds: ['prepareBankTransfer'], targetActivityIds: ['prepareBankTransfer'] }],
    }),
  );
  // A running batch for `batch list`.
  const batch = await runCli(['--url', engine.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--yes'], { cwd: dir });
  expect(batch.code).toBe(0);
});
afterAll(async () => {
  await engine.close();
});

const cli = (args: string[], terminal?: { stdout?: number; stderr?: number }) =>
  runCli(['--url', engine.url, '--retries', '0', ...args], { cwd: dir, ...(terminal ? { terminal } : {}) });

/** Lines of box drawing: the lines of a table. */
const tableLines = (text: string): string[] => text.split(/\r?\n/).filter((line) => /^[┌│├└]/.test(line));
const widest = (lines: readonly string[]): number => Math.max(0, ...lines.map((line) => stringWidth(line)));

const TABLES: { name: string; args: string[]; stream?: 'stdout' | 'stderr' }[] = [
  { name: 'auth list', args: ['auth', 'list', '--max', '200'] },
  { name: 'auth get', args: ['auth', 'get', AUTHORIZATIONS.johnProcessDefinitionGrant] },
  { name: 'auth resources', args: ['auth', 'resources'] },
  {
    name: 'auth update --dry-run',
    args: [
      'auth',
      'update',
      AUTHORIZATIONS.johnProcessDefinitionGrant,
      '--permissions',
      'READ,UPDATE,DELETE,READ_INSTANCE,UPDATE_INSTANCE,READ_HISTORY',
      '--dry-run',
    ],
  },
  { name: 'group list', args: ['group', 'list'] },
  { name: 'group members list', args: ['group', 'members', 'list', 'accounting'] },
  { name: 'group members add, a failure', args: ['group', 'members', 'add', 'sales', 'john', 'mary', 'nobody'] },
  { name: 'group options', args: ['group', 'options'] },
  { name: 'config show', args: ['config', 'show'] },
  { name: 'engine info', args: ['engine', 'info'] },
  { name: 'batch list', args: ['batch', 'list'] },
  { name: 'metrics list', args: ['metrics', 'list', '--max', '50'] },
  { name: 'metrics names', args: ['metrics', 'names'] },
  { name: 'metrics report', args: ['metrics', 'report', '--from', '2025-01', '--to', '2025-02'] },
  { name: 'migration validate', args: ['migration', 'validate', 'failing.yaml'] },
  { name: 'migration validate, unmapped', args: ['migration', 'validate', 'invoice.yaml'] },
  { name: 'migration execute, the pre-flight report on stderr', args: ['migration', 'execute', 'failing.yaml', '--all-instances', '--yes'], stream: 'stderr' },
];

describe.each([80, 120])('on a terminal of %i columns', (columns) => {
  it.each(TABLES)('$name: every line of its tables fits', async ({ args, stream }) => {
    const result = await cli(args, { stdout: columns, stderr: columns });
    const lines = tableLines(stream === 'stderr' ? result.stderr : result.stdout);
    expect(lines.length, result.stderr).toBeGreaterThan(2);
    expect(widest(lines)).toBeLessThanOrEqual(columns);
  });

  it('metrics list --chart: bars and sparklines fit', async () => {
    for (const args of [
      ['--start', '200d', '--interval', '86400', '--max', '200'],
      ['--start', '10d', '--interval', '86400'],
    ]) {
      const result = await cli(['metrics', 'list', '--name', 'process-instances', '--chart', ...args], { stdout: columns });
      expect(result.code).toBe(0);
      // Each series' heading names it (and its reporter): a sentence, which the terminal wraps.
      const lines = result.stdout
        .trimEnd()
        .split('\n')
        .filter((line) => !/: \d+ intervals, total \d+, max \d+$/.test(line));
      expect(lines.length).toBeGreaterThan(1);
      expect(widest(lines)).toBeLessThanOrEqual(columns);
    }
  });
});

describe('fitting', () => {
  it('wraps the failure of group members add, keeps the user ids whole, and loses no word', async () => {
    const result = await cli(['group', 'members', 'add', 'sales', 'john', 'nobody'], { stdout: 80 });
    expect(result.code).toBe(8);
    const lines = tableLines(result.stdout);
    expect(widest(lines)).toBe(80);
    expect(lines[1]).toMatch(/^│ User {3}│ Result +│$/);
    const rows = lines.slice(2, -1).map((line) =>
      line
        .split('│')
        .slice(1, 3)
        .map((cell) => cell.trim()),
    );
    expect(rows.map(([user]) => user).filter((user) => user !== '')).toEqual(['john', 'nobody']);
    const failure = rows
      .slice(1)
      .map(([, text]) => text)
      .join(' ');
    expect(failure).toBe(
      `PUT ${engine.url}/group/sales/members/nobody: 500 Internal Server Error: NullValueException: No user found with id 'nobody'.: user is null`,
    );
  });

  it('-o wide never wraps: a row a line, as wide as it is', async () => {
    const fitted = await cli(['group', 'members', 'add', 'sales', 'john', 'nobody'], { stdout: 80 });
    const wide = await cli(['-o', 'wide', 'group', 'members', 'add', 'sales', 'john', 'nobody'], { stdout: 80 });
    expect(wide.code).toBe(8);
    const lines = tableLines(wide.stdout);
    expect(lines).toHaveLength(2 + 3);
    expect(widest(lines)).toBeGreaterThan(80);
    expect(wide.stdout).toContain(
      `│ nobody │ PUT ${engine.url}/group/sales/members/nobody: 500 Internal Server Error: NullValueException: No user found with id 'nobody'.: user is null │`,
    );
    expect(tableLines(fitted.stdout).length).toBeGreaterThan(lines.length);
  });

  it('--no-headers leaves out the heading row, on a terminal and in a pipe', async () => {
    const boxed = await cli(['--no-headers', 'group', 'list'], { stdout: 80 });
    expect(boxed.stdout).not.toContain('│ Id ');
    expect(
      tableLines(boxed.stdout)
        .slice(1, -1)
        .map((line) => line.split('│')[1]!.trim()),
    ).toEqual(['accounting', 'camunda-admin', 'management', 'sales']);
    const piped = await cli(['--no-headers', 'group', 'list']);
    expect(piped.stdout).toBe(
      'accounting\tAccounting\tWORKFLOW\ncamunda-admin\tcamunda BPM Administrators\tSYSTEM\nmanagement\tManagement\tWORKFLOW\nsales\tSales\tWORKFLOW\n',
    );
  });

  it('in a pipe: no box drawing, one tab-separated line per row, nothing wrapped, -o wide the same', async () => {
    const json = JSON.parse((await cli(['auth', 'list', '-o', 'json'])).stdout) as { id: string; resourceId: string }[];
    for (const format of ['table', 'wide']) {
      const piped = await cli(['-o', format, 'auth', 'list']);
      expect(piped.stdout).not.toMatch(/[┌│└]/);
      const [heading, ...rows] = piped.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t'));
      expect(heading).toEqual(['Id', 'Type', 'Owner', 'Resource type', 'Resource id', 'Permissions']);
      expect(rows.map((row) => [row[0], row[4]])).toEqual(json.map((authorization) => [authorization.id, authorization.resourceId]));
    }
    // A field a line: name, tab, value.
    const fields = await cli(['auth', 'get', AUTHORIZATIONS.johnProcessDefinitionGrant]);
    expect(fields.stdout.split('\n')).toContain('Owner\tuser john');
  });

  it('an empty list prints nothing on stdout in a pipe, and says so on stderr', async () => {
    const piped = await cli(['group', 'list', '--name', 'nothing such']);
    expect(piped).toMatchObject({ code: 0, stdout: '', stderr: 'no groups\n' });
    const boxed = await cli(['group', 'list', '--name', 'nothing such'], { stdout: 80 });
    expect(boxed.stdout).toBe('no groups\n');
  });
});

describe('on a pseudo-terminal', () => {
  const env = () => cleanEnv({}, tempDir());

  it.each([80, 120])('the tables of the issue fit %i columns: auth list, group members add, migration validate', async (columns) => {
    const runs = [
      ['auth', 'list'],
      ['group', 'members', 'add', 'sales', 'john', 'mary', 'nobody'],
      ['migration', 'validate', 'failing.yaml'],
    ].map((args) => runOnPty(['--url', engine.url, ...args], { env: env(), cwd: dir, columns }).result);
    for (const { screen } of await Promise.all(runs)) {
      const lines = tableLines(screen);
      expect(lines.length, screen).toBeGreaterThan(3);
      expect(widest(lines)).toBeLessThanOrEqual(columns);
      expect(widest(lines)).toBeGreaterThan(columns - 10);
    }
  });

  it('a pipe gets plain lines awk can split', async () => {
    const ids = (JSON.parse((await cli(['group', 'list', '-o', 'json'])).stdout) as { id: string; name: string }[]).map((group) => `${group.id}:${group.name}`);
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('sh', ['-c', `"${process.execPath}" "${BIN}" --url ${engine.url} --no-headers group list | awk -F'\\t' '{ print $1 ":" $2 }'`], {
        env: env(),
        cwd: dir,
      });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    expect(output.trimEnd().split('\n')).toEqual(ids);
  });

  describe('colour, stream by stream', () => {
    const coloured = () => {
      const values = env();
      delete values.NO_COLOR;
      return values;
    };
    const ESC = '\u001b[';

    it('stdout on the terminal, stderr to a file (2>err.txt): the file has no colour, -v logs included', async () => {
      const errFile = join(tempDir(), 'err.txt');
      const { code, screen } = await runOnPty(['--url', engine.url, '-v', 'group', 'members', 'add', 'sales', 'john', 'nobody'], {
        env: coloured(),
        cwd: dir,
        stderrFile: errFile,
      }).result;
      expect(code).toBe(8);
      // The table on the terminal is coloured: bold headings, a red failure.
      expect(screen).toContain(`${ESC}1mUser${ESC}22m`);
      expect(screen).toContain(`${ESC}31mPUT`);
      const errors = readFileSync(errFile, 'utf8');
      expect(errors).toContain('error: 1 of 2 users could not be added');
      expect(errors).toContain(`> PUT ${engine.url}/group/sales/members/nobody`);
      expect(errors).not.toContain('\u001b');
    });

    it('stderr on the terminal, stdout to a file: the file is plain tab-separated lines, the error line red', async () => {
      const outFile = join(tempDir(), 'out.txt');
      const { code, screen } = await runOnPty(['--url', engine.url, '-v', 'group', 'members', 'add', 'sales', 'john', 'nobody'], {
        env: coloured(),
        cwd: dir,
        stdoutFile: outFile,
      }).result;
      expect(code).toBe(8);
      expect(screen).toContain(`${ESC}31merror:${ESC}39m 1 of 2 users could not be added`);
      // -v logs are dim on the terminal.
      expect(screen).toContain(`${ESC}2m> PUT`);
      expect(readFileSync(outFile, 'utf8')).toBe(
        `User\tResult\njohn\talready a member\nnobody\tPUT ${engine.url}/group/sales/members/nobody: 500 Internal Server Error: NullValueException: No user found with id 'nobody'.: user is null\n`,
      );
    });

    it('NO_COLOR and --no-color still turn colour off on the terminal', async () => {
      for (const [environment, flags] of [
        [env(), []],
        [coloured(), ['--no-color']],
      ] as const) {
        const { screen } = await runOnPty(['--url', engine.url, ...flags, 'group', 'members', 'add', 'sales', 'nobody'], { env: environment, cwd: dir }).result;
        expect(screen).toContain('error: PUT');
        expect(screen).not.toContain('\u001b[');
      }
    });
  });
});

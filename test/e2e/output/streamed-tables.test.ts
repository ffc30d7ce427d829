// `list --all` as a table over more rows than a page: drawn as the pages come, with the widths of the
// first thousand rows (src/render/table.ts streamTable), every row present and aligned.
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/index.js';
import { runCli } from '../../helpers/cli.js';

const LATE_AUTHORIZATION = 'f0000000-e5fe-11f1-a2ca-02fc00000001';
/** 120 characters, no space, no hyphen: it can only be broken at a character. */
const LONG_RESOURCE_ID = Array.from({ length: 12 }, (_, index) => `segment${String(index).padStart(2, '0')}:`)
  .join('')
  .padEnd(120, 'x');
const PERMISSIONS = ['READ', 'UPDATE', 'DELETE', 'READ_INSTANCE', 'UPDATE_INSTANCE', 'DELETE_INSTANCE', 'READ_HISTORY', 'DELETE_HISTORY'] as const;

let engine: Simulator;
beforeAll(async () => {
  // 1,204 groups and their authorizations: three pages of 500.
  engine = await startSimulator({ extraGroups: 1200, extraAuthorizations: 1200 });
  // Sorted last, so in the third page: after the widths are fixed.
  engine.state.groups.push({ id: 'zz-a-group-id-longer-than-any-before', name: 'A name far longer than any in the first thousand rows', type: 'WORKFLOW' });
});
afterAll(async () => {
  await engine.close();
});

const cli = (args: string[], columns?: number) =>
  runCli(['--url', engine.url, '--retries', '0', ...args], columns === undefined ? {} : { terminal: { stdout: columns } });
const firstColumn = (line: string): string => line.split('│')[1]!.trim();
const idsOf = async (command: string): Promise<string[]> =>
  (JSON.parse((await cli([command, 'list', '--all', '-o', 'json'])).stdout) as { id: string }[]).map((item) => item.id);

describe('list --all as a table on a terminal, over several pages', () => {
  it('group list: every group, in the widths of the first thousand rows, a later long name wrapped and a long id whole', async () => {
    const table = await cli(['group', 'list', '--all'], 200);
    expect(table.code).toBe(0);
    const ids = await idsOf('group');
    expect(ids).toHaveLength(1205);
    const lines = table.stdout.trimEnd().split('\n');
    expect(
      lines
        .slice(2, -1)
        .map(firstColumn)
        .filter((id) => id !== ''),
    ).toEqual(ids);
    // Widths from the first 1,000 rows: 'camunda-admin' and 'camunda BPM Administrators' are the widest.
    expect(lines[1]).toBe('│ Id            │ Name                       │ Type     │');
    expect(lines.slice(-3, -1)).toEqual([
      '│ zz-a-group-id-longer-than-any-before │ A name far longer than any │ WORKFLOW │',
      '│               │ in the first thousand rows │          │',
    ]);
    expect(table.stdout).not.toContain('…');
    expect(new Set(lines.filter((line) => !line.includes('zz-a-group-id')).map((line) => stringWidth(line))).size).toBe(1);
  });

  it('group list with --max over all rows: one page, the whole table as before, nothing wrapped', async () => {
    const table = await cli(['group', 'list', '--max', '2000'], 200);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('│ zz-a-group-id-longer-than-any-before │ A name far longer than any in the first thousand rows │ WORKFLOW │');
  });

  it('auth list: every authorization, aligned', async () => {
    const table = await cli(['auth', 'list', '--all'], 250);
    expect(table.code).toBe(0);
    const ids = await idsOf('auth');
    expect(ids.length).toBeGreaterThan(1200);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines.slice(2, -1).map(firstColumn)).toEqual(ids);
    expect(new Set(lines.map((line) => stringWidth(line))).size).toBe(1);
    // The Type and Resource type columns are as wide as their longest names, whichever come later.
    expect(lines[1]).toMatch(/^│ Id +│ Type {3}│ Owner +│ Resource type {25}│ Resource id +│ Permissions +│$/);
  });

  it('auth list at 120 columns: every line fits, every authorization is there', async () => {
    const table = await cli(['auth', 'list', '--all'], 120);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(Math.max(...lines.map((line) => stringWidth(line)))).toBeLessThanOrEqual(120);
    for (const id of await idsOf('auth')) expect(table.stdout).toContain(`│ ${id} `);
  });
});

describe('list --all on a terminal, a later row wider than the terminal', () => {
  // Its own engine: the first thousand rows are the bulk authorizations; the long one comes after them.
  let wide: Simulator;
  beforeAll(async () => {
    wide = await startSimulator({ extraAuthorizations: 1100 });
    // Sorted after the bulk authorizations (ids e000…), so past the sample: a resource id and a
    // permission list far wider than any in the first thousand rows.
    wide.state.authorizations.push({
      id: LATE_AUTHORIZATION,
      type: 1,
      userId: 'john',
      groupId: null,
      resourceType: 6,
      resourceId: LONG_RESOURCE_ID,
      permissions: [...PERMISSIONS],
      removalTime: null,
      rootProcessInstanceId: null,
    });
  });
  afterAll(async () => {
    await wide.close();
  });

  it('auth list at 150 columns: a later row too wide for the terminal has its resource id and permissions wrapped within their cells, nothing lost', async () => {
    const table = await runCli(['--url', wide.url, '--retries', '0', 'auth', 'list', '--all'], { terminal: { stdout: 150 } });
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(Math.max(...lines.map((line) => stringWidth(line)))).toBeLessThanOrEqual(150);
    // The late row's lines: from its id down to the bottom border.
    const start = lines.findIndex((line) => line.startsWith(`│ ${LATE_AUTHORIZATION} `));
    expect(start).toBeGreaterThan(1000);
    const cells = lines.slice(start, -1).map((line) =>
      line
        .split('│')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
    expect(new Set(lines.slice(start, -1).map((line) => stringWidth(line)))).toEqual(new Set([stringWidth(lines[0]!)]));
    // Every character of the id, in order, across the lines of its cell.
    expect(cells.map((row) => row[4]).join('')).toBe(LONG_RESOURCE_ID);
    // The permissions too: broken between names, and inside a name longer than the column.
    expect(
      cells
        .map((row) => row[5])
        .join('')
        .replaceAll(' ', ''),
    ).toBe(PERMISSIONS.join(','));
    expect(table.stdout).not.toContain('…');
  });

  it('auth list -o wide at 150 columns: the later row whole, on one line', async () => {
    const table = await runCli(['--url', wide.url, '--retries', '0', '-o', 'wide', 'auth', 'list', '--all'], { terminal: { stdout: 150 } });
    expect(table.code).toBe(0);
    const line = table.stdout.split('\n').find((text) => text.startsWith(`│ ${LATE_AUTHORIZATION} `));
    expect(line).toContain(`│ ${LONG_RESOURCE_ID} │ ${PERMISSIONS.join(', ')} │`);
  });
});

describe('list --all off a terminal', () => {
  it('group list: a heading line, then a tab-separated line per group as the pages come, nothing cut', async () => {
    const piped = await cli(['group', 'list', '--all']);
    expect(piped.code).toBe(0);
    const lines = piped.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Id\tName\tType');
    expect(lines.slice(1).map((line) => line.split('\t')[0])).toEqual(await idsOf('group'));
    expect(lines.at(-1)).toBe('zz-a-group-id-longer-than-any-before\tA name far longer than any in the first thousand rows\tWORKFLOW');
    expect(lines.every((line) => line.split('\t').length === 3)).toBe(true);
    const bare = await cli(['--no-headers', 'group', 'list', '--all']);
    expect(bare.stdout).toBe(`${lines.slice(1).join('\n')}\n`);
  });
});

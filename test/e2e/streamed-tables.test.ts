// `list --all` as a table over more rows than a page: drawn as the pages come, with the widths of the
// first thousand rows (src/render/table.ts streamTable), every row present and aligned.
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../simulator/index.js';
import { runCli } from '../helpers/cli.js';

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

const cli = (...args: string[]) => runCli(['--url', engine.url, '--retries', '0', ...args]);
const firstColumn = (line: string): string => line.split('│')[1]!.trim();

describe('list --all as a table, over several pages', () => {
  it('group list: every group, aligned, a later long name cut and a long id whole', async () => {
    const table = await cli('group', 'list', '--all');
    expect(table.code).toBe(0);
    const ids = (JSON.parse((await cli('group', 'list', '--all', '-o', 'json')).stdout) as { id: string }[]).map((group) => group.id);
    expect(ids).toHaveLength(1205);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(ids.length + 3);
    expect(lines.slice(2, -1).map(firstColumn)).toEqual(ids);
    // Widths from the first 1,000 rows: 'camunda-admin' and 'camunda BPM Administrators' are the widest.
    expect(lines[1]).toBe('│ Id            │ Name                       │ Type     │');
    expect(lines.at(-2)).toBe('│ zz-a-group-id-longer-than-any-before │ A name far longer than an… │ WORKFLOW │');
    expect(new Set(lines.slice(0, -2).concat(lines.at(-1)!).map((line) => stringWidth(line))).size).toBe(1);
  });

  it('group list with --max over all rows: one page, the whole table as before, nothing cut', async () => {
    const table = await cli('group', 'list', '--max', '2000');
    expect(table.code).toBe(0);
    expect(table.stdout).not.toContain('…');
    expect(table.stdout).toContain('│ zz-a-group-id-longer-than-any-before │ A name far longer than any in the first thousand rows │ WORKFLOW │');
  });

  it('auth list: every authorization, aligned', async () => {
    const table = await cli('auth', 'list', '--all');
    expect(table.code).toBe(0);
    const ids = (JSON.parse((await cli('auth', 'list', '--all', '-o', 'json')).stdout) as { id: string }[]).map((auth) => auth.id);
    expect(ids.length).toBeGreaterThan(1200);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines.slice(2, -1).map(firstColumn)).toEqual(ids);
    expect(new Set(lines.map((line) => stringWidth(line))).size).toBe(1);
    // The Type and Resource type columns are as wide as their longest names, whichever come later.
    expect(lines[1]).toMatch(/^│ Id +│ Type {3}│ Owner +│ Resource type {25}│ Resource id +│ Permissions +│$/);
  });
});

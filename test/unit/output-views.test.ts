// The named views of src/render/output.ts: id-only, machine-only and table-only output.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Output, type OutputFormat } from '../../src/render/output.js';
import { plainStyle } from '../../src/render/style.js';

function outputOf(format: OutputFormat) {
  const stdout = new PassThrough();
  const output = new Output({ format, style: plainStyle, quiet: false, verbose: false, stdout, stderr: new PassThrough() });
  const written = () => String(stdout.read() ?? '');
  return { output, written };
}

const created = { id: 'a1', name: 'x' };

describe('named views', () => {
  it('id: the id on a line in a table, the object as json or yaml', async () => {
    for (const [format, expected] of [
      ['table', 'a1\n'],
      ['json', `${JSON.stringify(created, null, 2)}\n`],
      ['yaml', 'id: a1\nname: x\n'],
    ] as const) {
      const { output, written } = outputOf(format);
      await output.id(created, created.id);
      expect(written(), format).toBe(expected);
    }
  });

  it('machineOnly: nothing in a table, and its data is not even computed', async () => {
    const table = outputOf('table');
    let asked = 0;
    await table.output.machineOnly(() => {
      asked++;
      return created;
    });
    expect(table.written()).toBe('');
    expect(asked).toBe(0);
    const json = outputOf('json');
    await json.output.machineOnly(async () => created);
    expect(JSON.parse(json.written())).toEqual(created);
  });

  it('tableOnly: the view in a table, nothing as json', async () => {
    const view = { table: (data: typeof created) => `name ${data.name}` };
    const table = outputOf('table');
    await table.output.tableOnly(created, view);
    expect(table.written()).toBe('name x\n');
    const json = outputOf('json');
    await json.output.tableOnly(created, view);
    expect(json.written()).toBe('');
  });
});

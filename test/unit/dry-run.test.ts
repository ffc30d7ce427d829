import { once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { writeExecutionRequests, writeExecutionRequestsYaml } from '../../src/render/dry-run.js';
import { idRange, type IdList, InstanceIdSet } from '../../src/input/id-set.js';

async function written(idLists: IdList[], asArray: boolean): Promise<string> {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const template = {
    migrationPlan: { sourceProcessDefinitionId: 'a', targetProcessDefinitionId: 'b', instructions: [] },
    processInstanceIds: [],
    skipCustomListeners: false,
    skipIoMappings: true,
  };
  await writeExecutionRequests(stream, template, idLists, asArray);
  return text;
}

describe('dry-run bodies written piece by piece', () => {
  it('wait until the stream is done with each slice of bytes before the next one reuses the buffer', async () => {
    // A stream that takes what it is given a while later, like a slow pipe, and is done with it then.
    const taken: Buffer[] = [];
    const stream = new Writable({
      highWaterMark: 1 << 30,
      write(chunk: Buffer, _encoding, done) {
        setTimeout(() => {
          taken.push(Buffer.from(chunk));
          done();
        }, 1);
      },
    });
    const ids = Array.from({ length: 35_000 }, (_, i) => `id-${i}`);
    const set = new InstanceIdSet();
    for (const id of ids) set.add(id);
    const template = {
      migrationPlan: { sourceProcessDefinitionId: 'a', targetProcessDefinitionId: 'b', instructions: [] },
      processInstanceIds: [],
      skipCustomListeners: false,
      skipIoMappings: true,
    };
    await writeExecutionRequests(stream, template, [set], false);
    stream.end();
    await once(stream, 'finish');
    expect(JSON.parse(Buffer.concat(taken).toString('utf8')).processInstanceIds).toEqual(ids);
  });

  it('are exactly the JSON of the request, for one body and for chunks', async () => {
    const ids = Array.from({ length: 25_003 }, (_, i) => `id-${i}`);
    const one = JSON.parse(await written([ids], false));
    expect(one).toEqual({
      migrationPlan: { sourceProcessDefinitionId: 'a', targetProcessDefinitionId: 'b', instructions: [] },
      skipCustomListeners: false,
      skipIoMappings: true,
      processInstanceIds: ids,
    });
    const chunks = JSON.parse(await written([['x', 'y'], ['z'], []], true));
    expect(chunks.map((body: { processInstanceIds: string[] }) => body.processInstanceIds)).toEqual([['x', 'y'], ['z'], []]);
    expect(JSON.parse(await written([[]], false)).processInstanceIds).toEqual([]);
  });

  it('are the same text as JSON.stringify with two-space indents, ids last', async () => {
    const rest = {
      migrationPlan: { sourceProcessDefinitionId: 'a', targetProcessDefinitionId: 'b', instructions: [] },
      skipCustomListeners: false,
      skipIoMappings: true,
    };
    const ids = Array.from({ length: 10_001 }, (_, i) => (i === 7 ? 'quote"and\\backslash' : `id-${i}`));
    expect(await written([ids], false)).toBe(`${JSON.stringify({ ...rest, processInstanceIds: ids }, null, 2)}\n`);
    const lists = [['x', 'y'], ['z']];
    expect(await written(lists, true)).toBe(
      `${JSON.stringify(
        lists.map((list) => ({ ...rest, processInstanceIds: list })),
        null,
        2,
      )}\n`,
    );
  });

  it('are the same text when the ids come from an InstanceIdSet, written from its bytes', async () => {
    const rest = {
      migrationPlan: { sourceProcessDefinitionId: 'a', targetProcessDefinitionId: 'b', instructions: [] },
      skipCustomListeners: false,
      skipIoMappings: true,
    };
    for (const odd of ['plain', 'ü-ß', 'quote"and\\backslash', 'tab\there', ',', 'comma,inside']) {
      const ids = Array.from({ length: 12_345 }, (_, i) => (i === 10_500 ? odd : `id-${i}`));
      const set = new InstanceIdSet();
      for (const id of ids) set.add(id);
      expect(await written([set], false)).toBe(`${JSON.stringify({ ...rest, processInstanceIds: ids }, null, 2)}\n`);
      const chunks = [idRange(set, 0, 10_000), idRange(set, 10_000, 12_345)];
      expect(await written(chunks, true)).toBe(
        `${JSON.stringify(
          [ids.slice(0, 10_000), ids.slice(10_000)].map((list) => ({ ...rest, processInstanceIds: list })),
          null,
          2,
        )}\n`,
      );
    }
  });

  it('as YAML (-o yaml), parse to the same bodies, ids staying strings', async () => {
    const template = {
      migrationPlan: {
        sourceProcessDefinitionId: 'a',
        targetProcessDefinitionId: 'b',
        instructions: [{ sourceActivityIds: ['x'], targetActivityIds: ['y'], updateEventTrigger: true }],
      },
      processInstanceIds: [],
      skipCustomListeners: false,
      skipIoMappings: true,
    };
    const yamlOf = async (idLists: IdList[], asArray: boolean) => {
      const stream = new PassThrough();
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      await writeExecutionRequestsYaml(stream, template, idLists, asArray);
      return text;
    };
    const ids = Array.from({ length: 10_003 }, (_, i) => (i === 3 ? '123' : i === 4 ? 'null' : i === 5 ? 'quote"and\\backslash: # x' : `id-${i}`));
    const { processInstanceIds: _none, ...rest } = template;
    expect(parseYaml(await yamlOf([ids], false))).toEqual({ ...rest, processInstanceIds: ids });
    const lists = [['x', 'y'], ['z'], []];
    const chunked = await yamlOf(lists, true);
    expect(chunked.trimStart()[0]).toBe('-');
    expect(parseYaml(chunked)).toEqual(lists.map((list) => ({ ...rest, processInstanceIds: list })));
    expect(parseYaml(await yamlOf([], true))).toEqual([]);
  });
});

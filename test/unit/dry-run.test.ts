import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeExecutionRequests } from '../../src/migration/dry-run.js';

async function written(idLists: string[][], asArray: boolean): Promise<string> {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const template = { migrationPlan: { sourceProcessDefinitionId: 'a', targetProcessDefinitionId: 'b', instructions: [] }, processInstanceIds: [], skipCustomListeners: false, skipIoMappings: true };
  await writeExecutionRequests(stream, template, idLists, asArray);
  return text;
}

describe('dry-run bodies written piece by piece', () => {
  it('are exactly the JSON of the request, for one body and for chunks', async () => {
    const ids = Array.from({ length: 25_003 }, (_, i) => `id-${i}`);
    const one = JSON.parse(await written([ids], false));
    expect(one).toEqual({ migrationPlan: { sourceProcessDefinitionId: 'a', targetProcessDefinitionId: 'b', instructions: [] }, skipCustomListeners: false, skipIoMappings: true, processInstanceIds: ids });
    const chunks = JSON.parse(await written([['x', 'y'], ['z'], []], true));
    expect(chunks.map((body: { processInstanceIds: string[] }) => body.processInstanceIds)).toEqual([['x', 'y'], ['z'], []]);
    expect(JSON.parse(await written([[]], false)).processInstanceIds).toEqual([]);
  });
});

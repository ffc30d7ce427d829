// Model files found, read and checked (src/model-files/files.ts, text.ts, check.ts): directories
// walked in order, each file once, the paths that cannot be used refused one line each, encodings,
// places of malformed XML, the size limit, and what deployment's check will hook into.
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/exit-codes.js';
import { checkModelFiles } from '../../src/model-files/check.js';
import { MAX_MODEL_BYTES, modelFiles } from '../../src/model-files/files.js';
import { historyTtlProblems } from '../../src/model-files/history-ttl.js';
import { tempDir } from '../helpers/temp.js';

const process = (id: string, ttl?: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <process id="${id}" isExecutable="true"${ttl === undefined ? '' : ` camunda:historyTimeToLive="${ttl}"`}><startEvent id="s"/></process>
</definitions>
`;

function tree(files: Record<string, string | Buffer>): string {
  const root = tempDir();
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

async function found(paths: string[]): Promise<string[]> {
  const files: string[] = [];
  for await (const file of modelFiles(paths)) files.push(`${file.kind} ${file.path}`);
  return files;
}

async function usageError(run: () => Promise<unknown>): Promise<string> {
  const error = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UsageError);
  return (error as UsageError).message;
}

const ttlCheck = [{ problems: (resource: Parameters<typeof historyTtlProblems>[0]) => historyTtlProblems(resource, { allowMissing: false }) }];

describe('the files of the paths given', () => {
  it('walks directories in name order, skipping names that begin with a dot and files the engine does not parse', async () => {
    const root = tree({
      'b.bpmn': '',
      'a/z.dmn': '',
      'a/y.bpmn20.xml': '',
      'a/notes.txt': '',
      'c.cmmn11.xml': '',
      '.git/x.bpmn': '',
      'a/.hidden.bpmn': '',
      'B.BPMN': '',
    });
    expect(await found([root])).toEqual([`bpmn ${root}/a/y.bpmn20.xml`, `dmn ${root}/a/z.dmn`, `bpmn ${root}/b.bpmn`, `cmmn ${root}/c.cmmn11.xml`]);
  });

  it('gives each file once, however it is reached, and survives a loop of symbolic links', async () => {
    const root = tree({ 'd/p.bpmn': '' });
    symlinkSync(join(root, 'd'), join(root, 'd', 'loop'));
    symlinkSync(join(root, 'missing.bpmn'), join(root, 'd', 'dangling.bpmn'));
    expect(await found([join(root, 'd', 'p.bpmn'), root, join(root, 'd')])).toEqual([`bpmn ${root}/d/p.bpmn`]);
    // A directory whose only model file was given before is no directory without one.
    expect(await found([join(root, 'd'), root])).toEqual([`bpmn ${root}/d/p.bpmn`]);
  });

  it('refuses every path that cannot be used, one line each, before reading any', async () => {
    const root = tree({ 'ok.bpmn': '', 'notes.txt': '' });
    const message = await usageError(() => found([join(root, 'ok.bpmn'), join(root, 'gone.bpmn'), join(root, 'notes.txt')]));
    expect(message.split('\n')).toEqual([
      `${root}/gone.bpmn: model file not found`,
      `${root}/notes.txt: not a model file: the engine parses only .bpmn, .bpmn20.xml, .dmn, .dmn11.xml, .cmmn, .cmmn10.xml, .cmmn11.xml`,
    ]);
  });

  it('refuses a directory without a model file', async () => {
    const root = tree({ 'README.md': '' });
    expect(await usageError(() => found([root]))).toBe(`${root}: no model file in it (.bpmn, .bpmn20.xml, .dmn, .dmn11.xml, .cmmn, .cmmn10.xml, .cmmn11.xml)`);
  });
});

describe('checking them', () => {
  it('reports each problem with its file, line and column, file by file', async () => {
    const root = tree({ 'a.bpmn': process('a'), 'b.bpmn': process('b', 'P30D'), 'c.bpmn': process('c', 'soon') });
    const report = await checkModelFiles([root], ttlCheck);
    expect(report.files).toBe(3);
    expect(report.definitions).toEqual({ process: 3, decision: 0, case: 0 });
    expect(report.problems.map((problem) => `${problem.file}:${problem.line}:${problem.column} ${problem.check}`)).toEqual([
      `${root}/a.bpmn:3:3 history-ttl-missing`,
      `${root}/c.bpmn:3:39 history-ttl-invalid`,
    ]);
  });

  it('reports a file that is not well-formed XML at the place, naming the line of the tag left open', async () => {
    const root = tree({ 'x.bpmn': '<definitions>\r\n  <process id="p" isExecutable="true">\r\n</definitions>\r\n' });
    const report = await checkModelFiles([root], ttlCheck);
    expect(report.problems).toEqual([
      {
        file: `${root}/x.bpmn`,
        line: 3,
        column: 1,
        severity: 'error',
        check: 'xml',
        element: null,
        id: null,
        message: 'not well-formed XML: the end tag </definitions> does not match the start tag <process> (line 2)',
      },
    ]);
  });

  it('reads the encoding the XML declaration names, and reports bytes that are not text in it', async () => {
    const latin1 = Buffer.from(process('caf\u00e9', '1').replace('UTF-8', 'ISO-8859-1'), 'latin1');
    const broken = Buffer.concat([Buffer.from(process('p', '1')), Buffer.from([0xff, 0xfe, 0x41])]);
    const root = tree({ 'latin1.bpmn': latin1, 'broken.bpmn': broken });
    const report = await checkModelFiles([root], ttlCheck);
    expect(report.problems.map((problem) => `${problem.file}:${problem.line}:${problem.column}: ${problem.message}`)).toEqual([
      `${root}/broken.bpmn:1:1: not UTF-8 text (and the XML declaration names no other encoding)`,
    ]);
    expect(report.definitions.process).toBe(1);
  });

  it('refuses a file over the size limit without reading it', async () => {
    const root = tree({ 'huge.bpmn': '' });
    // A sparse file: its size is on record, its blocks are not written.
    truncateSync(join(root, 'huge.bpmn'), MAX_MODEL_BYTES + 1);
    expect(await usageError(() => checkModelFiles([root], ttlCheck))).toBe(`${root}/huge.bpmn: the model file is larger than 64 MB`);
  });

  it('gives a check every start tag while a file is scanned, and the caller each resource', async () => {
    const root = tree({ 'p.bpmn': process('p', '1') });
    const seen: string[] = [];
    const resources: string[] = [];
    await checkModelFiles(
      [root],
      [{ problems: () => [], visitor: () => ({ startTag: (tag, position) => seen.push(`${tag.name.local}@${position(tag.offset).line}`) }) }],
      (resource) => resources.push(`${resource.kind}: ${resource.definitions.map((definition) => definition.id).join()}`),
    );
    expect(seen).toEqual(['definitions@2', 'process@3', 'startEvent@3']);
    expect(resources).toEqual(['bpmn: p']);
  });
});

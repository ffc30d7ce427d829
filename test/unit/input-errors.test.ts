// Input errors say where: config values out of the flags' range, a config file that throws, JSON
// syntax errors at their real line and column, hints that never name the key itself, and ids files
// that are not UTF-8.
import * as places from '../../src/input/places.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { readInstanceIds } from '../../src/input/id-file.js';
import { InstanceIdSet } from '../../src/input/id-set.js';
import { parsePlan, PlanError } from '../../src/plans/load.js';
import { readInputFile } from '../../src/input/read.js';
import { closest, didYouMean } from '../../src/util/suggest.js';
import { jsonErrorOffset, jsonSyntaxProblem, lineAndColumn } from '../../src/util/syntax.js';
import { usageErrorMessage } from '../helpers/errors.js';
import { tempDir } from '../helpers/temp.js';

function dirWith(files: Record<string, string | Buffer>): string {
  const dir = tempDir('camunda-admin-input-');
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

const messageOf = usageErrorMessage;

describe('config values have the limits of their flags', () => {
  const withProfile = (line: string) => ({ '.camunda-adminrc.yaml': `defaultProfile: p\nprofiles:\n  p:\n    url: http://h/engine-rest\n    ${line}\n` });

  it.each([
    ['retries: 100', 'profiles.p.retries: 100 is not a whole number from 0 to 10'],
    ['retries: -1', 'profiles.p.retries: -1 is not a whole number from 0 to 10'],
    ['retries: 1.5', 'profiles.p.retries: 1.5 is not a whole number from 0 to 10'],
    ['timeout: 3000000', 'profiles.p.timeout: 3000000 is not a number of seconds (a positive number up to 86400)'],
    ['timeout: 0', 'profiles.p.timeout: 0 is not a number of seconds (a positive number up to 86400)'],
    ['timeout: soon', "profiles.p.timeout: 'soon' is not a number of seconds (a positive number up to 86400)"],
  ])('refuses %s, naming the file, the place and the key', async (line, message) => {
    const dir = dirWith(withProfile(line));
    expect(await messageOf(loadConfig({ cwd: dir, env: {} }))).toBe(`${join(dir, '.camunda-adminrc.yaml')}:5:14: ${message}`);
  });

  it.each(['retries: 0', 'retries: 10', 'timeout: 86400', 'timeout: 0.5'])('accepts %s', async (line) => {
    const loaded = await loadConfig({ cwd: dirWith(withProfile(line)), env: {} });
    expect(loaded.profile?.name).toBe('p');
  });
});

describe('a JavaScript config file that throws', () => {
  it('is named in the error', async () => {
    const dir = dirWith({ 'camunda-admin.config.cjs': 'throw new Error("boom");\n' });
    expect(await messageOf(loadConfig({ cwd: dir, env: {} }))).toBe(`config file ${join(dir, 'camunda-admin.config.cjs')}: boom`);
  });

  it('is named when given with --config, once', async () => {
    const dir = dirWith({ 'settings.cjs': 'throw new Error("boom");\n' });
    expect(await messageOf(loadConfig({ cwd: dir, env: {}, configFile: 'settings.cjs' }))).toBe(`config file ${join(dir, 'settings.cjs')}: boom`);
  });

  it('is named when what it throws is not an Error', async () => {
    const dir = dirWith({
      'camunda-admin.config.cjs': 'throw "boom";\n',
      'other/camunda-admin.config.cjs': 'throw null;\n',
      'js/camunda-admin.config.js': 'throw null;\n',
    });
    expect(await messageOf(loadConfig({ cwd: dir, env: {} }))).toBe(`config file ${join(dir, 'camunda-admin.config.cjs')}: threw boom`);
    // cosmiconfig's loaders trip over a thrown null themselves; the file is still named.
    expect(await messageOf(loadConfig({ cwd: join(dir, 'other'), env: {} }))).toMatch(
      new RegExp(`^config file ${join(dir, 'other', 'camunda-admin.config.cjs')}: `),
    );
    expect(await messageOf(loadConfig({ cwd: join(dir, 'js'), env: {} }))).toMatch(new RegExp(`^config file ${join(dir, 'js', 'camunda-admin.config.js')}: `));
  });
});

describe('JSON syntax errors', () => {
  const where = (text: string) => {
    const problem = jsonSyntaxProblem(text)!;
    return { ...lineAndColumn(text, problem.offset), message: problem.message };
  };

  it('point at the unexpected token, in one line, without the quoted text', () => {
    const text = '{\n  "source": "a:1",\n  "target": "a:2",\n  "instructions": [,]\n}\n';
    expect(where(text)).toEqual({ line: 4, column: 20, message: "Unexpected token ','" });
  });

  it.each([
    ['{"a": tru}', 1, 10],
    ['{\n "a": [1,\n  2\n', 3, 4],
    ['{\n  "a": 1,\n', 2, 10],
    ['', 1, 1],
    ['nul', 1, 4],
    ['é', 1, 1],
    ['{"a": 1}}', 1, 9],
    ['{"a": "\\u12G4"}', 1, 12],
  ])('finds %j at %i:%i', (text, line, column) => {
    const found = where(text);
    expect({ line: found.line, column: found.column }).toEqual({ line, column });
    expect(found.message).not.toContain('\n');
  });

  it('agree with the positions V8 gives where it gives one', () => {
    for (const text of [
      '{"a": 1',
      '{"a" 1}',
      '{"a": "x\ny"}',
      '{"a": 1,}',
      '[1, 2',
      '{"a": -}',
      '{"a": 01}',
      '{"a":"\\q"}',
      '{"a": 1e}',
      '[1 2]',
      '{"a":1 "b":2}',
    ]) {
      const position = /position (\d+)/.exec(
        (() => {
          try {
            JSON.parse(text);
          } catch (error) {
            return (error as Error).message;
          }
          return '';
        })(),
      );
      expect(jsonErrorOffset(text), text).toBe(Number(position![1]));
    }
  });

  it('in text nested deeper than the call stack point at its end instead of failing', () => {
    const text = `{"sourceProcessDefinitionId":${'['.repeat(50_000)}`;
    expect(jsonSyntaxProblem(text)?.offset).toBe(text.length);
    expect(() => parsePlan(text, 'deep.json', places)).toThrow(PlanError);
  });

  it('in a plan file give its line and column in one line', () => {
    const text = '{\n  "migrationPlan": {\n    "sourceProcessDefinitionId": "a", "targetProcessDefinitionId": "b",\n    "instructions": [,]\n  }\n}\n';
    expect(() => parsePlan(text, 'j1.json', places)).toThrow(PlanError);
    try {
      parsePlan(text, 'j1.json', places);
    } catch (error) {
      expect((error as PlanError).message).toBe("j1.json:4:22: invalid JSON: Unexpected token ','");
    }
  });
});

describe('did you mean', () => {
  it('never suggests the input itself', () => {
    expect(closest('source', ['source', 'target', 'sourceProcessDefinitionId'])).not.toContain('source');
    expect(didYouMean('source', ['source'])).toBe('');
    expect(closest('Source', ['source'])).toEqual(['source']);
  });

  it('says that a plan key at the top of an execute request belongs inside migrationPlan', () => {
    const text = '{\n  "migrationPlan": {"sourceProcessDefinitionId": "a", "targetProcessDefinitionId": "b", "instructions": []},\n  "source": "x:1"\n}\n';
    try {
      parsePlan(text, 'j2.json', places);
      throw new Error('expected the plan to be refused');
    } catch (error) {
      expect((error as PlanError).message).toBe(
        'j2.json:3:3: source: belongs inside migrationPlan in an execute request; at the top the engine would silently ignore it',
      );
    }
  });
});

describe('an ids file that is not UTF-8', () => {
  const ids = 'id1\nid2\n';
  it.each([
    ['UTF-16 with a byte order mark', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(ids, 'utf16le')])],
    ['UTF-16LE without one', Buffer.from(ids, 'utf16le')],
    ['UTF-16BE with one', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(ids, 'utf16le').swap16()])],
  ])('is refused in one line: %s', async (_name, bytes) => {
    const dir = dirWith({ 'ids.txt': bytes });
    const file = join(dir, 'ids.txt');
    const message = await messageOf(readInstanceIds(file, new PassThrough(), new InstanceIdSet()));
    expect(message).toBe(`${file}: not UTF-8 text (a UTF-16 byte order mark or NUL bytes); save the ids as UTF-8`);
  });

  it('is refused from stdin too', async () => {
    const stdin = new PassThrough();
    stdin.end(Buffer.from(ids, 'utf16le'));
    expect(await messageOf(readInstanceIds('-', stdin, new InstanceIdSet()))).toMatch(/^<stdin>: not UTF-8 text/);
  });

  it('still reads UTF-8 with a byte order mark', async () => {
    const dir = dirWith({ 'ids.txt': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(ids)]) });
    const set = new InstanceIdSet();
    expect(await readInstanceIds(join(dir, 'ids.txt'), new PassThrough(), set)).toBe(2);
  });
});

describe('an input file that is missing or a directory', () => {
  const noStdin = new PassThrough();

  it.each([
    ['plan', 'plan file not found', 'not a plan file'],
    ['query', 'query file not found', 'not a query file'],
    ['access file', 'access file not found', 'not an access file'],
    ['overrides file', 'overrides file not found', 'not an overrides file'],
  ])('%s: says what kind of file, once', async (what, notFound, directory) => {
    const dir = dirWith({});
    expect(await messageOf(readInputFile(join(dir, 'nofile.yaml'), noStdin, what))).toBe(`${join(dir, 'nofile.yaml')}: ${notFound}`);
    expect(await messageOf(readInputFile(dir, noStdin, what))).toBe(`${dir}: is a directory, ${directory}`);
  });
});

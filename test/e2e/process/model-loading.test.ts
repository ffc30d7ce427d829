// bpmn-moddle is loaded only by the commands that read a BPMN model: every other command starts
// without it (docs/performance.md). Seen in the built command, whose modules a loader hook lists.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { BIN, cleanEnv, tempDir } from '../../helpers/cli.js';
import { fileTest } from '../../helpers/fixtures.js';

const HOOK = new URL('../../helpers/module-log.mjs', import.meta.url).pathname;
const CHUNKS = new URL('../../../dist/chunks/', import.meta.url).pathname;

/** The chunk of dist/ that holds bpmn-moddle: the one with the BPMN 2.0 namespace of its model. */
function modelChunk(): string {
  const found = readdirSync(CHUNKS).filter((name) => readFileSync(join(CHUNKS, name), 'utf8').includes('http://www.omg.org/spec/BPMN/20100524/MODEL'));
  expect(found).toHaveLength(1);
  return found[0]!;
}

const it = fileTest().extend<{ loadedChunks: (args: string[]) => Promise<{ code: number | null; chunks: string[] }> }>({
  /** Runs the built command with the hook; the file names of dist/ it loaded. */
  loadedChunks: async ({ engine }, use) =>
    use(async (args) => {
      const log = join(tempDir(), 'modules.log');
      writeFileSync(log, '');
      const child = spawn(process.execPath, ['--import', HOOK, BIN, '--url', engine.url, ...args], { env: cleanEnv({ MODULE_LOG: log }), stdio: 'ignore' });
      const code = await new Promise<number | null>((resolve, reject) => {
        child.on('error', reject);
        child.on('close', resolve);
      });
      const chunks = readFileSync(log, 'utf8')
        .split('\n')
        .filter((url) => url.includes('/dist/'))
        .map((url) => url.slice(url.lastIndexOf('/') + 1));
      return { code, chunks };
    }),
});

describe('loading bpmn-moddle', () => {
  it('happens for the commands that read a model, and for no other', async ({ loadedChunks }) => {
    const chunk = modelChunk();
    const show = await loadedChunks(['definition', 'show', 'invoice-approval:1']);
    expect(show.code).toBe(0);
    expect(show.chunks).toContain(chunk);
    for (const args of [
      ['definition', 'list'],
      ['migration', 'validate', '-'],
      ['engine', 'info'],
    ]) {
      const run = await loadedChunks(args);
      // The hook saw the command's own chunks: the check is not vacuous.
      expect({ args, loaded: run.chunks.length > 2, model: run.chunks.includes(chunk) }).toEqual({ args, loaded: true, model: false });
    }
  });
});

// The progress reporter: a spinner only on a terminal that reports its width.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressReporter } from '../../src/render/progress.js';

/** A terminal-like stream of `columns` columns that records what is written to it. */
function terminal(columns: number): Writable & { written: string } {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      stream.written += chunk.toString();
      // ora's endless clearing loop on a width of 0 would otherwise hang the test run.
      if (stream.written.length > 100_000) throw new Error('more than 100,000 characters of progress');
      callback();
    },
  }) as Writable & { written: string; isTTY: boolean; columns: number; cursorTo: (x: number) => boolean; clearLine: () => boolean; moveCursor: () => boolean };
  stream.written = '';
  stream.cursorTo = (x) => stream.write(`\u001B[${x + 1}G`);
  stream.clearLine = () => stream.write('\u001B[2K');
  stream.moveCursor = () => true;
  stream.isTTY = true;
  stream.columns = columns;
  return stream;
}

describe('progressReporter', () => {
  it('on a terminal of width 0 (a pty nobody sized) writes plain lines instead of a spinner, and ends', async () => {
    const stderr = terminal(0);
    const reporter = await progressReporter({ stderr, interactive: true, quiet: false, minIntervalMs: 0 });
    reporter.update('batch b: 0/3 jobs done (0%)');
    reporter.update('batch b: 1/3 jobs done (33%)');
    reporter.done('batch b: finished');
    expect(stderr.written).toBe('batch b: 0/3 jobs done (0%)\nbatch b: 1/3 jobs done (33%)\nbatch b: finished\n');
  });

  it('on a terminal with a width draws a spinner and leaves the final line', async () => {
    const stderr = terminal(80);
    const reporter = await progressReporter({ stderr, interactive: true, quiet: false });
    reporter.update('batch b: 0/3 jobs done (0%)');
    reporter.done('batch b: finished');
    expect(stderr.written).toContain('\u001B[?25l');
    expect(stderr.written.endsWith('batch b: finished\n')).toBe(true);
  });
});

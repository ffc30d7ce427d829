/** The process boundary: real streams in, exit code out. Everything else is testable in-process. */
import { run } from './cli.js';
import { ExitCode } from './exit-codes.js';
import { Interrupt } from './interrupt.js';

export async function main(): Promise<void> {
  // A reader that stops early (`… -o json | head`) closes the pipe: that is not an error of ours.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  // Ctrl-C stops the run with one line (naming the request in flight when it was a change) instead
  // of killing it silently. Once the run is stopping, a second Ctrl-C ends the process at once,
  // should something not heed the first, with a line of its own: the run's line would not come.
  const interrupt = new Interrupt();
  const stopAtOnce = (): void => {
    process.stderr.write(`error: ${interrupt.forcedStopLine()}\n`);
    // eslint-disable-next-line no-restricted-syntax -- a second Ctrl-C is the request to stop at once, output cut or not
    process.exit(ExitCode.Interrupted);
  };
  const onSigint = (): void => {
    // A terminal echoes ^C where the cursor is: what is printed next starts a line of its own.
    if (process.stderr.isTTY) process.stderr.write('\n');
    if (interrupt.stopped) return stopAtOnce();
    interrupt.trigger();
  };
  // SIGTERM (a pipeline cancelled, a container stopped) is an interruption too: the run ends the
  // same way, giving back what it holds (a journal's lock), with exit 130.
  const onSigterm = (): void => {
    if (interrupt.stopped) return stopAtOnce();
    interrupt.trigger('SIGTERM');
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  // A run that stops is done with its input: a read of standard input from a writer that keeps it
  // open would otherwise never end (the command then reports the interruption).
  // process.stdin is made on first use (a stream over fd 0: ~2 ms at start-up on Node 24), so it is
  // handed on as a getter: most commands never read it.
  let stdinUsed = false;
  interrupt.signal.addEventListener('abort', () => stdinUsed && process.stdin.destroy(), { once: true });
  let code;
  try {
    code = await run(process.argv.slice(2), {
      stdout: process.stdout,
      stderr: process.stderr,
      get stdin() {
        stdinUsed = true;
        return process.stdin;
      },
      env: process.env,
      cwd: process.cwd(),
      interrupt,
    });
  } finally {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  }
  // exitCode, not exit(): piped output is flushed before the process ends.
  process.exitCode = code;
}

/** The process boundary: real streams in, exit code out. Everything else is testable in-process. */
import { run } from './cli.js';
import { Interrupt } from './interrupt.js';

export async function main(): Promise<void> {
  // A reader that stops early (`… -o json | head`) closes the pipe: that is not an error of ours.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  // Ctrl-C stops the run with one line (naming the request in flight when it was a change) instead
  // of killing it silently. Once the run is stopping, Node's own handling is back: a second Ctrl-C
  // ends the process at once, should something not heed the first.
  const interrupt = new Interrupt();
  const onSigint = (): void => {
    // A terminal echoes ^C where the cursor is: what is printed next starts a line of its own.
    if (process.stderr.isTTY) process.stderr.write('\n');
    interrupt.trigger();
    if (interrupt.stopped) process.off('SIGINT', onSigint);
  };
  // SIGTERM (a pipeline cancelled, a container stopped) is an interruption too: the run ends the
  // same way, giving back what it holds (a journal's lock), with exit 130.
  const onSigterm = (): void => {
    interrupt.trigger('SIGTERM');
    if (interrupt.stopped) process.off('SIGTERM', onSigterm);
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  let code;
  try {
    code = await run(process.argv.slice(2), {
      stdout: process.stdout,
      stderr: process.stderr,
      stdin: process.stdin,
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

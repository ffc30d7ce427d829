/** The process boundary: real streams in, exit code out. Everything else is testable in-process. */
import { run } from './cli.js';

export async function main(): Promise<void> {
  // A reader that stops early (`… -o json | head`) closes the pipe: that is not an error of ours.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  const code = await run(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  });
  // exitCode, not exit(): piped output is flushed before the process ends.
  process.exitCode = code;
}

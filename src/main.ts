/** The process boundary: real streams in, exit code out. Everything else is testable in-process. */
import { setFlagsFromString } from 'node:v8';
import { run } from './cli.js';

// undici parses HTTP with a WebAssembly module; V8 would keep the process alive ~50 ms after the last
// request to tier it up. A CLI exits right after: the baseline compiler is enough (docs/performance.md).
setFlagsFromString('--liftoff-only');

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

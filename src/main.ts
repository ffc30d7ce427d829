/** The process boundary: real streams in, exit code out. Everything else is testable in-process. */
import { run } from './cli.js';

export async function main(): Promise<void> {
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

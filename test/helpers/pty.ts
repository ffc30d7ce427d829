/**
 * Runs the built bin/camunda-admin.cjs on a real pseudo-terminal: stdin, stdout and stderr are the
 * terminal, so it prompts, and keys typed reach it through the line discipline. A byte 0x03 then
 * arrives as a key while readline holds the terminal in raw mode, and as SIGINT otherwise, just as
 * Ctrl-C does for a user. Node has no pty of its own; python3's pty module provides one.
 */
import { spawn } from 'node:child_process';
import { BIN } from './cli.js';

/**
 * Forks the command onto a new pty (it becomes the session leader, the pty its controlling
 * terminal) of the given width, with stdout or stderr sent to a file instead when asked, copies our
 * stdin to the terminal and the terminal to our stdout, and exits with the command's exit code
 * (128 + n when a signal n killed it).
 */
const BRIDGE = `
import fcntl, os, pty, select, struct, sys, termios
columns, stdout_file, stderr_file = int(sys.argv[1]), sys.argv[2], sys.argv[3]
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack('HHHH', 24, columns, 0, 0))
    for target, name in ((1, stdout_file), (2, stderr_file)):
        if name != '-':
            os.dup2(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), target)
    os.execv(sys.argv[4], sys.argv[4:])
inputs = [fd, 0]
while True:
    ready, _, _ = select.select(inputs, [], [])
    if fd in ready:
        try:
            data = os.read(fd, 65536)
        except OSError:
            data = b''
        if not data:
            break
        os.write(1, data)
    if 0 in ready:
        data = os.read(0, 65536)
        if data:
            os.write(fd, data)
        else:
            inputs.remove(0)
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
`;

export interface PtyRun {
  /** Resolves once the terminal has shown `text` (anything written to stdout or stderr). */
  waitFor(text: string): Promise<void>;
  /** Types `keys` on the terminal. */
  type(keys: string): void;
  /** The exit code and everything the terminal showed (\r\n line ends, readline's escapes included). */
  result: Promise<{ code: number | null; screen: string }>;
}

export interface PtyOptions {
  env: Record<string, string>;
  cwd: string;
  timeoutMs?: number;
  /** The terminal's width (default 80). */
  columns?: number;
  /** Writes the command's stdout to this file instead of the terminal: only its other streams are a terminal. */
  stdoutFile?: string;
  /** Writes the command's stderr to this file instead of the terminal (`2>file`). */
  stderrFile?: string;
}

export function runOnPty(args: readonly string[], options: PtyOptions): PtyRun {
  const streams = [String(options.columns ?? 80), options.stdoutFile ?? '-', options.stderrFile ?? '-'];
  const child = spawn('python3', ['-c', BRIDGE, ...streams, process.execPath, BIN, ...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let screen = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    screen += chunk;
    for (const waiter of [...waiters]) {
      if (screen.includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  // The bridge ends the command with it: its pty closes, and the command gets SIGHUP.
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15_000);
  const result = new Promise<{ code: number | null; screen: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      for (const waiter of waiters) waiter.resolve();
      resolve({ code, screen });
    });
  });
  return {
    waitFor: (text) =>
      screen.includes(text)
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiters.push({ text, resolve });
          }),
    type: (keys) => {
      child.stdin.write(keys);
    },
    result,
  };
}

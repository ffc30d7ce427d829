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
 * terminal), copies our stdin to the terminal and the terminal to our stdout, and exits with the
 * command's exit code (128 + n when a signal n killed it).
 */
const BRIDGE = `
import fcntl, os, pty, select, struct, sys, termios
columns = int(os.environ.get('PTY_COLUMNS', '0'))
pid, fd = pty.fork()
if pid == 0:
    if columns > 0:
        # Before exec: the command reads its terminal's size as it starts. python's pty has none (0x0).
        fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack('HHHH', 24, columns, 0, 0))
    os.execv(sys.argv[1], sys.argv[1:])
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

/** `columns`: the terminal's width (default: none, 0x0, as python's pty makes it). */
export function runOnPty(args: readonly string[], options: { env: Record<string, string>; cwd: string; timeoutMs?: number; columns?: number }): PtyRun {
  const env = options.columns === undefined ? options.env : { ...options.env, PTY_COLUMNS: String(options.columns) };
  const child = spawn('python3', ['-c', BRIDGE, process.execPath, BIN, ...args], { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'inherit'] });
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

/**
 * Where the `user` commands take passwords from: standard input or a file (never a flag's value, which
 * shell history and ps would show), and, for `user password`, the caller's own password, which the
 * engine asks for. Nothing here prints a password; errors name the flag or the file, never the text.
 */
import type { App } from '../app.js';
import type { EngineClient } from '../engine/client.js';
import { UsageError } from '../exit-codes.js';
import { readInputFile } from '../input/read.js';

/** A password is short; a longer input is a mistake (a file piped in), refused before it is read whole. */
const MAX_PASSWORD_BYTES = 4096;

export interface PasswordSource {
  passwordStdin?: boolean | undefined;
  passwordFile?: string | undefined;
}

/** The text as a password: one trailing newline (what echo and most editors add) is not part of it. */
function asPassword(text: string, where: string): string {
  const password = text.replace(/\r?\n$/, '');
  if (password === '') throw new UsageError(`${where}: the password is empty`);
  return password;
}

async function readPasswordFile(app: App, file: string, where: string): Promise<string> {
  return asPassword((await readInputFile(file, app.io.stdin, 'password', MAX_PASSWORD_BYTES)).text, where);
}

/** The new password: exactly one of --password-stdin and --password-file. */
export async function readNewPassword(app: App, flags: PasswordSource): Promise<string> {
  if (flags.passwordStdin && flags.passwordFile !== undefined) throw new UsageError('--password-stdin and --password-file cannot be combined: give one');
  if (flags.passwordStdin) {
    if (app.io.stdin.isTTY)
      throw new UsageError(
        '--password-stdin reads the password from standard input, which is a terminal here',
        'pipe it in (printf %s "$PASSWORD" | camunda-admin user ...) or use --password-file FILE',
      );
    return readPasswordFile(app, '-', '--password-stdin');
  }
  if (flags.passwordFile !== undefined) return readPasswordFile(app, flags.passwordFile, flags.passwordFile);
  throw new UsageError('the password is missing: give --password-stdin or --password-file FILE (never the password itself as a flag)');
}

/**
 * The caller's own password for PUT /user/{id}/credentials (authenticatedUserPassword), in this order:
 * --own-password-file; the password of the run's Basic credentials (the caller's, which the engine has
 * just accepted); asked on a terminal, without echo; else none (an engine without authentication
 * checks nothing; one with it answers that the password is missing, which the use case says in words).
 */
export async function ownPassword(app: App, client: EngineClient, file: string | undefined, newPasswordFromStdin: boolean): Promise<string | undefined> {
  if (file !== undefined) {
    if (file === '-' && newPasswordFromStdin) throw new UsageError('--password-stdin and --own-password-file - cannot both read standard input; name a file');
    return readPasswordFile(app, file, file);
  }
  const credentials = client.options.credentials;
  if (credentials?.type === 'basic') return credentials.password;
  if (credentials?.type === 'bearer' && app.interactive) return askHidden(app, 'your own password (the engine asks for it): ');
  return undefined;
}

/** One line read from the terminal without echoing it. Ctrl-C or the end of input ends the run, nothing changed. */
export async function askHidden(app: App, question: string): Promise<string> {
  const { createInterface } = await import('node:readline');
  const { Writable } = await import('node:stream');
  const stderr = app.io.stderr;
  let muted = false;
  // readline echoes what is typed to its output: the output is muted once the question is shown.
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      if (!muted) stderr.write(chunk);
      done();
    },
  });
  const prompt = createInterface({ input: app.io.stdin, output, terminal: true });
  try {
    const answer = await new Promise<string>((resolve, reject) => {
      prompt.once('SIGINT', () => reject(new UsageError('not answered; nothing was changed')));
      prompt.once('close', () => reject(new UsageError('not answered; nothing was changed')));
      prompt.question(question, (text) => resolve(text));
      muted = true;
    });
    return asPassword(answer, 'your own password');
  } finally {
    muted = false;
    prompt.removeAllListeners('close');
    prompt.close();
    stderr.write('\n');
  }
}

// Asking for a password on a terminal: the question on stderr, the answer never echoed.
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { askHidden } from '../../src/commands/user-secrets.js';

function terminal(): { app: App; stdin: PassThrough; written: () => string } {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  let text = '';
  const stderr = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        text += chunk.toString();
        done();
      },
    }),
    { isTTY: true },
  );
  return { app: { io: { stdin, stderr } } as unknown as App, stdin, written: () => text };
}

describe('askHidden', () => {
  it('reads one line without echoing it', async () => {
    const { app, stdin, written } = terminal();
    const answer = askHidden(app, 'your own password: ');
    stdin.write('s3cret\n');
    await expect(answer).resolves.toBe('s3cret');
    expect(written()).toContain('your own password: ');
    expect(written()).not.toContain('s3cret');
  });

  it('ends with nothing changed when the input ends unanswered', async () => {
    const { app, stdin } = terminal();
    const answer = askHidden(app, 'your own password: ');
    stdin.end();
    await expect(answer).rejects.toThrow('not answered; nothing was changed');
  });
});

/**
 * One run per journal: starting or resuming a journal takes `JOURNAL.lock` beside it, and every way the
 * run ends gives it back. Two runs on one journal would read the same pending ids and chunk number and
 * send them twice (docs/migration.md, "One run per journal").
 *
 * The lock file is written whole under a name of its own and then hard-linked to `JOURNAL.lock`: the
 * link fails when the lock exists, and a lock is never seen half-written. It holds the pid, the host and
 * the start of the run that holds it, and a token that tells this run's lock from any other.
 *
 * A lock whose process is gone (same host, no such pid: a run killed with SIGKILL, or by a power cut) is
 * taken over with a notice. A lock of another host cannot be checked from here: it is refused, unless
 * the operator says that run is over (`--take-over-lock`).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { ChangeFailedError, inputError } from './errors.js';

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  token: string;
}

export interface LockOptions {
  /** --take-over-lock: the operator says the holder is no longer running (whatever its host). */
  takeOver: boolean;
  /** The one-line notice of a lock taken over. */
  notice: (message: string) => void;
  /** The command that takes a lock of another host over, for the refusal. */
  takeOverCommand: string;
}

function lockFileOf(journalFile: string): string {
  return `${journalFile}.lock`;
}

export class JournalLock {
  private released = false;
  private readonly onExit = (): void => this.releaseSync();

  private constructor(
    readonly file: string,
    readonly holder: LockHolder,
  ) {
    // Should the process end without the run's own release (an exit from elsewhere), the lock still goes.
    process.once('exit', this.onExit);
  }

  static async acquire(journalFile: string, options: LockOptions): Promise<JournalLock> {
    const file = lockFileOf(journalFile);
    const holder: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), token: randomUUID() };
    const staged = `${file}.${holder.token}`;
    try {
      await writeFile(staged, `${JSON.stringify(holder)}\n`, { flag: 'wx' });
    } catch (error) {
      throw inputError(`journal ${journalFile}: its lock ${file} cannot be written (${codeOf(error) ?? String(error)}); nothing was sent`);
    }
    try {
      // A few rounds: one to take a stale lock away, one to take it, more while another run takes over.
      for (let round = 0; ; round++) {
        try {
          await link(staged, file);
          return new JournalLock(file, holder);
        } catch (error) {
          if (codeOf(error) !== 'EEXIST')
            throw inputError(`journal ${journalFile}: its lock ${file} cannot be created (${codeOf(error) ?? String(error)}); nothing was sent`);
        }
        if (round === 4) throw new ChangeFailedError(`journal ${journalFile} is being taken over by another run at this moment; nothing was sent`, 'locked');
        const found = await readHolder(file);
        if (found === 'gone') continue;
        const stale = found === 'unreadable' ? undefined : whyStale(found, options.takeOver);
        if (found === 'unreadable' || stale === undefined) throw refusal(journalFile, found, options);
        const removal = await removeIfUnchanged(file, found);
        if (removal === 'removed') {
          options.notice(`journal ${journalFile}: taking over the lock of process ${found.pid} on ${found.host} (since ${found.startedAt}): ${stale}`);
        } else if (removal === 'abandoned-guard') {
          throw new ChangeFailedError(
            `journal ${journalFile}: a takeover of its lock by another run stopped half-way (${takeoverGuardOf(file)} is older than ${ABANDONED_GUARD_MS / 1000} s); nothing was sent`,
            'locked',
            { hint: `if no run is taking the lock over, remove ${takeoverGuardOf(file)}` },
          );
        } else {
          await delay(20 + Math.random() * 30);
        }
      }
    } finally {
      await unlink(staged).catch(() => undefined);
    }
  }

  /** Gives the lock back, if it is still this run's (an operator may have taken it over meanwhile). */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    process.off('exit', this.onExit);
    const found = await readHolder(this.file);
    if (typeof found === 'object' && found.token === this.holder.token) await unlink(this.file).catch(() => undefined);
  }

  private releaseSync(): void {
    if (this.released) return;
    this.released = true;
    try {
      const found = JSON.parse(readFileSync(this.file, 'utf8')) as LockHolder;
      if (found.token === this.holder.token) unlinkSync(this.file);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}

async function readHolder(file: string): Promise<LockHolder | 'gone' | 'unreadable'> {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return 'gone';
    return 'unreadable';
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return 'unreadable';
    return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? 'an unknown time'), token: String(parsed.token ?? '') };
  } catch {
    return 'unreadable';
  }
}

/** Why the holder no longer runs, or undefined when it may. */
function whyStale(holder: LockHolder, takeOver: boolean): string | undefined {
  if (holder.host === hostname()) {
    // This very process cannot have taken a lock it does not know of: an earlier process had our pid.
    if (holder.pid === process.pid || !processExists(holder.pid)) return 'that process is gone';
    // A live pid may belong to another program now (the pid was reused): the operator's word decides.
    return takeOver ? 'as --take-over-lock says' : undefined;
  }
  return takeOver ? 'as --take-over-lock says' : undefined;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return codeOf(error) === 'EPERM';
  }
}

/** A takeover guard older than this was left by a run killed while it held it: a takeover takes milliseconds. */
const ABANDONED_GUARD_MS = 30_000;

function takeoverGuardOf(lockFile: string): string {
  return `${lockFile}.takeover`;
}

/**
 * Takes a stale lock away, unless another run took it over since it was read. Runs take over one at
 * a time, each under `LOCK.takeover` (created exclusively): with the guard held, the lock is read
 * again and removed only when it is still the one judged. (Moving the lock aside and putting it back
 * when it was not the judged one left a moment without a lock, in which a third run could take it,
 * and the put-back then removed that run's lock.) A guard is never removed by another run: one left
 * by a run killed in those milliseconds is for the operator to remove ('abandoned-guard').
 * 'changed': the lock is not the one judged, or another run is taking over; read it again.
 */
export async function removeIfUnchanged(file: string, judged: LockHolder): Promise<'removed' | 'changed' | 'abandoned-guard'> {
  const guard = takeoverGuardOf(file);
  try {
    await writeFile(guard, `${JSON.stringify({ pid: process.pid, host: hostname() })}\n`, { flag: 'wx' });
  } catch (error) {
    if (codeOf(error) === 'EEXIST' && (await isAbandoned(guard))) return 'abandoned-guard';
    return 'changed';
  }
  try {
    const current = await readHolder(file);
    if (typeof current !== 'object' || current.token !== judged.token || current.pid !== judged.pid) return 'changed';
    await unlink(file);
    return 'removed';
  } catch {
    return 'changed';
  } finally {
    await unlink(guard).catch(() => undefined);
  }
}

async function isAbandoned(guard: string): Promise<boolean> {
  try {
    return Date.now() - (await stat(guard)).mtimeMs > ABANDONED_GUARD_MS;
  } catch {
    // Gone already: its run finished.
    return false;
  }
}

function refusal(journalFile: string, found: LockHolder | 'unreadable', options: LockOptions): ChangeFailedError {
  if (found === 'unreadable') {
    return new ChangeFailedError(`journal ${journalFile} is locked (${lockFileOf(journalFile)} exists but cannot be read); nothing was sent`, 'locked', {
      hint: `if no run uses this journal, remove ${lockFileOf(journalFile)}`,
    });
  }
  const sameHost = found.host === hostname();
  const message = `journal ${journalFile} is in use by process ${found.pid} on ${found.host} (since ${found.startedAt}); nothing was sent`;
  return sameHost
    ? new ChangeFailedError(message, 'locked', {
        hint: `wait for that run to end: one run at a time continues a journal; if process ${found.pid} is not a camunda-admin run (its pid was reused), take the lock over: ${options.takeOverCommand}`,
      })
    : new ChangeFailedError(message, 'locked', {
        hint: `another host's process cannot be checked from here; if that run is no longer running, take the lock over: ${options.takeOverCommand}`,
      });
}

function codeOf(error: unknown): string | undefined {
  return (error as { code?: string } | undefined)?.code;
}

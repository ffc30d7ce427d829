/**
 * The journal of a sweep (`migration sweep --execute`): which plans it runs, against which engine,
 * and how far each version got. Each version has a journal of its own (./journal.ts), which says
 * which of its instances were sent and confirmed; this one says which versions are settled, so
 * `--resume` continues with the first that is not. One JSON line per event, flushed as written.
 */
import { readFile, stat } from 'node:fs/promises';
import { inputError } from '../change/errors.js';
import type { JournalEngine } from '../change/journal.js';
import { createJournalFile, JournalFile, reopenJournalFile } from '../change/journal-file.js';

export interface SweepJournalPlan {
  /** The plan file's name in the plans directory. */
  file: string;
  version: number;
  sourceProcessDefinitionId: string;
  targetProcessDefinitionId: string;
  /** The version's own journal. */
  journal: string;
}

export interface SweepJournalStart {
  event: 'start';
  kind: 'sweep';
  version: 1;
  engine: JournalEngine;
  key: string;
  plans: SweepJournalPlan[];
  /** The options the sweep started with, which a resume keeps unless given again. */
  canary?: number;
  chunkSize?: number;
  at: string;
}

/**
 * started: its run began (its journal may hold sent chunks); done: every instance of it migrated;
 * nothing: none was left on its source; submitted: its batch was created (an async sweep without
 * --wait); failed, interrupted: stopped, to be resumed.
 */
export type SweepVersionStatus = 'started' | 'done' | 'nothing' | 'submitted' | 'failed' | 'interrupted';

export type SweepJournalEvent =
  | SweepJournalStart
  | { event: 'resume'; at: string }
  | { event: 'version'; version: number; status: SweepVersionStatus; error?: string; at: string }
  | { event: 'end'; at: string; failed: number };

export interface SweepJournalState {
  start: SweepJournalStart;
  /** The last status of each version that has one. */
  status: Map<number, SweepVersionStatus>;
}

/** Versions a resumed sweep does not run again. */
export function settled(status: SweepVersionStatus | undefined): boolean {
  return status === 'done' || status === 'nothing' || status === 'submitted';
}

export class SweepJournal extends JournalFile<SweepJournalEvent> {
  /**
   * Refuses, before anything is sent, a sweep journal that a resume needs and is not there, or one a new
   * sweep would replace without --force: that earlier sweep may still need its --resume.
   */
  static async checkStart(file: string, options: { resume: boolean; replace: boolean }): Promise<void> {
    const existing = await stat(file).catch(() => undefined);
    if (options.resume && !existing) throw inputError(`--resume: sweep journal ${file} does not exist`);
    if (!options.resume && existing && !options.replace) {
      throw inputError(
        `sweep journal ${file} already exists from an earlier sweep, so nothing was sent; continue it with --resume, or start over with --force (it is then replaced)`,
      );
    }
  }

  /**
   * Whether the sweep of `file` finished: every version of it done (or with nothing to migrate). A plain
   * re-run of a finished sweep has nothing to do, and succeeds. False when there is no such journal,
   * or one that cannot be read (the refusal of checkStart or resume says why).
   */
  static async finished(file: string): Promise<boolean> {
    try {
      const state = parseSweepJournal(await readFile(file, 'utf8'), file);
      return state.start.plans.every((plan) => {
        const status = state.status.get(plan.version);
        return status === 'done' || status === 'nothing';
      });
    } catch {
      return false;
    }
  }

  static async create(file: string, start: SweepJournalStart, options: { replace: boolean }): Promise<SweepJournal> {
    const handle = await createJournalFile(file, options.replace, (error) => {
      const code = (error as { code?: string }).code;
      if (code === 'EEXIST')
        return inputError(
          `sweep journal ${file} already exists from an earlier sweep, so nothing was sent; continue it with --resume, or start over with --force`,
        );
      return inputError(`sweep journal ${file} cannot be created (${code ?? String(error)})`);
    });
    const journal = new SweepJournal(file, handle);
    await journal.append(start);
    return journal;
  }

  static async resume(file: string): Promise<{ journal: SweepJournal; state: SweepJournalState }> {
    const { handle, state } = await reopenJournalFile(
      file,
      (text) => parseSweepJournal(text, file),
      (error) => {
        const code = (error as { code?: string }).code;
        return inputError(
          code === 'ENOENT'
            ? `--resume: sweep journal ${file} does not exist`
            : `--resume: sweep journal ${file} cannot be read and appended to (${code ?? String(error)})`,
        );
      },
    );
    return { journal: new SweepJournal(file, handle), state };
  }
}

export function parseSweepJournal(text: string, file: string): SweepJournalState {
  const lines = text.split('\n');
  const events: SweepJournalEvent[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      events.push(JSON.parse(line) as SweepJournalEvent);
    } catch {
      // Only the last line can be torn by a crash.
      if (lines.slice(index + 1).some((rest) => rest.trim() !== ''))
        throw inputError(`sweep journal ${file}:${index + 1}: not a journal line; the file was changed by hand`);
    }
  });
  const start = events[0];
  if (!start || start.event !== 'start' || start.kind !== 'sweep' || start.version !== 1 || !Array.isArray(start.plans)) {
    throw inputError(`sweep journal ${file}: not a camunda-admin sweep journal`);
  }
  const status = new Map<number, SweepVersionStatus>();
  for (const event of events) if (event.event === 'version') status.set(event.version, event.status);
  return { start, status };
}

// What `history cleanup status` finds wrong, and the fix `history cleanable` names, from the engine's answers alone.
import { describe, expect, it } from 'vitest';
import { processFix } from '../../src/history/cleanable.js';
import { cleanupProblems } from '../../src/history/cleanup.js';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const WINDOW = { batchWindowStartTime: '2026-11-28T22:00:00.000+0000', batchWindowEndTime: '2026-11-29T06:00:00.000+0000', enabled: true };
const job = (fields: Record<string, unknown>) => ({
  id: 'j1',
  dueDate: '2026-11-28T22:00:00.000+0000',
  retries: 3,
  exceptionMessage: null,
  suspended: false,
  ...fields,
});
const kinds = (problems: { kind: string }[]) => problems.map((problem) => problem.kind);

describe('cleanupProblems', () => {
  it('names a missing window first, and nothing more for a job suspended after a manual run', () => {
    const problems = cleanupProblems({ batchWindowStartTime: null, batchWindowEndTime: null, enabled: true }, [job({ suspended: true })], NOW);
    expect(problems).toEqual([
      {
        kind: 'no-window',
        jobId: null,
        message: 'no window: history clean-up never runs on its own',
        fix: 'configure historyCleanupBatchWindowStartTime/EndTime on the engine, or run it by hand: camunda-admin history cleanup run',
      },
    ]);
  });

  it('finds nothing wrong with a window and an active job due in it', () => {
    expect(cleanupProblems(WINDOW, [job({})], NOW)).toEqual([]);
  });

  it('names a disabled node, a window without a job, a dead job, a failing one, a suspended one and one overdue', () => {
    expect(kinds(cleanupProblems({ ...WINDOW, enabled: false }, [], NOW))).toEqual(['disabled', 'no-job']);
    const dead = cleanupProblems(WINDOW, [job({ retries: 0, exceptionMessage: 'Deadlock' })], NOW);
    expect(dead).toEqual([
      expect.objectContaining({
        kind: 'dead-job',
        jobId: 'j1',
        message: 'job j1 has no retries left (last error: Deadlock): dead until retried, the clean-up does not run',
      }),
    ]);
    expect(kinds(cleanupProblems(WINDOW, [job({ retries: 2, exceptionMessage: 'Deadlock' })], NOW))).toEqual(['failing-job']);
    expect(kinds(cleanupProblems(WINDOW, [job({ suspended: true })], NOW))).toEqual(['suspended-job']);
    expect(kinds(cleanupProblems(WINDOW, [job({ dueDate: '2026-11-28T11:00:00.000+0000' })], NOW))).toEqual(['overdue-job']);
    expect(kinds(cleanupProblems(WINDOW, [job({ dueDate: '2026-11-28T11:50:00.000+0000' })], NOW))).toEqual([]);
  });
});

describe('processFix', () => {
  const row = { processDefinitionId: 'invoice:2:x', processDefinitionKey: 'invoice', processDefinitionVersion: 2 };
  it('calculates the removal time from the time-to-live, after setting one where there is none', () => {
    expect(processFix({ ...row, historyTimeToLive: 30 })).toBe('camunda-admin history removal-time set --key invoice --version 2 --calculated');
    expect(processFix({ ...row, historyTimeToLive: null })).toBe(
      'camunda-admin history ttl set invoice --days DAYS --version 2 && camunda-admin history removal-time set --key invoice --version 2 --calculated',
    );
  });
});

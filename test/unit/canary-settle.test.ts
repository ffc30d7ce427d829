// The settle loop of a canary (src/change/canary-settle.ts) and the duration flags (src/commands/run-flags.ts).
import { describe, expect, it } from 'vitest';
import { CANARY_POLL_MS, settleCanary, type SettleClock } from '../../src/change/canary-settle.js';
import type { CanaryLook } from '../../src/change/operation.js';
import { parseDuration, parseRunFlags } from '../../src/commands/run-flags.js';

/** A clock that moves only when the loop sleeps. */
function fakeClock(): SettleClock & { slept: number[] } {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

const looks = (answers: CanaryLook[]) => {
  let index = 0;
  return { look: async () => answers[Math.min(index++, answers.length - 1)]! };
};

describe('settleCanary', () => {
  it('ends at the first look when nothing is due', async () => {
    const clock = fakeClock();
    expect(await settleCanary(looks([{ problems: [], dueNow: 0 }]), 10_000, clock)).toEqual({ problems: [], dueNow: 0, looks: 1, timedOut: false });
    expect(clock.slept).toEqual([]);
  });

  it('looks again while jobs are due, and ends when they ran', async () => {
    const clock = fakeClock();
    const settled = await settleCanary(
      looks([
        { problems: [], dueNow: 2 },
        { problems: [], dueNow: 1 },
        { problems: [], dueNow: 0 },
      ]),
      10_000,
      clock,
    );
    expect(settled).toMatchObject({ looks: 3, timedOut: false, dueNow: 0 });
    expect(clock.slept).toEqual([CANARY_POLL_MS, CANARY_POLL_MS]);
  });

  it('ends at once on a problem, jobs due or not', async () => {
    const settled = await settleCanary(
      looks([
        { problems: [], dueNow: 3 },
        { problems: ['x: job failed'], dueNow: 2 },
      ]),
      10_000,
      fakeClock(),
    );
    expect(settled).toMatchObject({ looks: 2, timedOut: false, problems: ['x: job failed'] });
  });

  it('gives up when the wait is over with jobs still due, never sleeping past it', async () => {
    const clock = fakeClock();
    const settled = await settleCanary(looks([{ problems: [], dueNow: 1 }]), 2_500, clock);
    expect(settled).toMatchObject({ timedOut: true, dueNow: 1, looks: 4 });
    expect(clock.slept).toEqual([1000, 1000, 500]);
  });

  it('looks once with a wait of 0', async () => {
    expect(await settleCanary(looks([{ problems: [], dueNow: 1 }]), 0, fakeClock())).toMatchObject({ looks: 1, timedOut: true });
  });
});

describe('parseDuration', () => {
  it('takes seconds, or a number with s, m or h', () => {
    expect(['30', '2.5', '30s', '2m', '1h', '1.5m'].map((text) => parseDuration(text, '--canary-wait'))).toEqual([30, 2.5, 30, 120, 3600, 90]);
  });

  it('refuses 0 unless asked to take it, and what is not a duration or more than a day', () => {
    expect(() => parseDuration('0', '--wait-timeout')).toThrow("--wait-timeout: '0' is not a number of seconds");
    expect(parseDuration('0', '--canary-wait', { zero: true })).toBe(0);
    expect(parseDuration('0s', '--canary-wait', { zero: true })).toBe(0);
    expect(() => parseDuration('25h', '--canary-wait')).toThrow(
      "--canary-wait: '25h' is not a duration (seconds, or 30s, 2m, 1h: more than 0, at most 86400 seconds)",
    );
    expect(() => parseDuration('2 m', '--canary-wait')).toThrow("--canary-wait: '2 m' is not a number of seconds");
  });

  it('is the parser of --canary-wait (default 10s), --wait-timeout and --interval', () => {
    expect(parseRunFlags({ canary: '2' })).toMatchObject({ canary: 2, canaryWaitMs: 10_000, intervalMs: 2000, timeoutMs: undefined });
    expect(parseRunFlags({ canary: '2', canaryWait: '2m', waitTimeout: '1m', interval: '5s' })).toMatchObject({
      canaryWaitMs: 120_000,
      timeoutMs: 60_000,
      intervalMs: 5000,
    });
  });
});

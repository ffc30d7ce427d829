import { describe, expect, it } from 'vitest';
import { formatEngineDate, parseDateInput, parseEngineDate } from '../../src/engine/dates.js';
import { encodeQuery } from '../../src/engine/paths.js';

describe('engine date format', () => {
  it('formats with milliseconds and an offset without colon', () => {
    const date = new Date(Date.UTC(2013, 0, 23, 12, 42, 45, 7));
    expect(formatEngineDate(date)).toBe('2013-01-23T12:42:45.007+0000');
    expect(formatEngineDate(date, 120)).toBe('2013-01-23T14:42:45.007+0200');
    expect(formatEngineDate(date, -330)).toBe('2013-01-23T07:12:45.007-0530');
  });

  it('parses what it formats, at any offset', () => {
    const date = new Date(Date.UTC(2026, 10, 21, 23, 59, 59, 999));
    for (const offset of [0, 60, -300, 345]) {
      expect(parseEngineDate(formatEngineDate(date, offset))?.getTime()).toBe(date.getTime());
    }
    expect(parseEngineDate('2013-01-23T14:42:45.000+0200')?.toISOString()).toBe('2013-01-23T12:42:45.000Z');
  });

  it('rejects shapes the engine would not produce', () => {
    for (const text of ['2013-01-23T14:42:45Z', '2013-01-23T14:42:45.000+02:00', '2013-01-23', '2013-02-31T00:00:00.000+0000', 'yesterday']) {
      expect(parseEngineDate(text), text).toBeUndefined();
    }
  });

  it('sends + as %2B in a query, never as a bare + that decodes to a space', () => {
    const query = encodeQuery({ startDate: new Date(Date.UTC(2020, 0, 1)), name: 'a b' });
    expect(query).toBe('?startDate=2020-01-01T00%3A00%3A00.000%2B0000&name=a%20b');
  });
});

describe('dates as users type them', () => {
  const now = new Date(Date.UTC(2026, 10, 21, 12, 0, 0));
  it.each([
    ['2026-01-31', '2026-01-31T00:00:00.000Z'],
    ['2026-01-31T10:00:00Z', '2026-01-31T10:00:00.000Z'],
    ['2026-01-31T10:00:00+02:00', '2026-01-31T08:00:00.000Z'],
    ['2026-01-31T10:00+0200', '2026-01-31T08:00:00.000Z'],
    ['2026-01-31T10:00:00.000+0200', '2026-01-31T08:00:00.000Z'],
    ['30d', '2026-10-22T12:00:00.000Z'],
    ['12h', '2026-11-21T00:00:00.000Z'],
    ['15m', '2026-11-21T11:45:00.000Z'],
  ])('%s', (text, iso) => {
    expect(parseDateInput(text, now)?.toISOString()).toBe(iso);
  });

  it.each(['2026-02-30', '2026-13-01', '2026-01-31T25:00:00Z', 'tomorrow', '30', '2026-01-31T10:00:00', ''])('rejects %j', (text) => {
    expect(parseDateInput(text, now)).toBeUndefined();
  });
});

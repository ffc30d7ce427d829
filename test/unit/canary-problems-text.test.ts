// A failed canary's line names the count of problems and the first, and how many more the report holds.
import { describe, expect, it } from 'vitest';
import { canaryProblemsText } from '../../src/change/canary-settle.js';

describe('canaryProblemsText', () => {
  it('names one problem, or the first and how many more', () => {
    expect(canaryProblemsText(['a: failed again'])).toBe('1 problem: a: failed again');
    expect(canaryProblemsText(['a: failed again', 'b: failed again', 'c: failed again'])).toBe('3 problems: a: failed again, and 2 more');
  });
});

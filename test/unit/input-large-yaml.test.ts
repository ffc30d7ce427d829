// A YAML file too large for the yaml library's Document (src/input/limits.ts MAX_DOCUMENT_CHARS)
// that js-yaml refuses: one line in js-yaml's words at the place, without gigabytes of memory.
import * as places from '../../src/input/places.js';
import { expect, it } from 'vitest';
import { MAX_DOCUMENT_CHARS } from '../../src/input/limits.js';
import { InputError } from '../../src/input/problems.js';
import { parsePlan } from '../../src/plans/load.js';

it('refuses a NUL byte near the end of a large YAML plan with its line and column', () => {
  const ids = Array.from({ length: 300_000 }, (_, index) => `  - id-${index}-aaaaaaaaaaaaaaaaa`);
  const text = `source: invoice:1\ntarget: invoice:2\nprocessInstanceIds:\n${ids.join('\n')}\n  - "pay\0"\n`;
  expect(text.length).toBeGreaterThan(MAX_DOCUMENT_CHARS);
  expect(() => parsePlan(text, 'big.yaml', places)).toThrow(InputError);
  expect(() => parsePlan(text, 'big.yaml', places)).toThrow(/^big\.yaml:300004:9: invalid YAML: null byte is not allowed in input$/);
});

// In the e2e suite, every request the built command sends to a simulator is checked against the
// engine's OpenAPI contract (path, method, query parameters, body); a mismatch fails the test.
import { afterEach, beforeEach, expect } from 'vitest';
import { validateRequest } from '../contract/validate.js';
import { requestObservers } from '../simulator/index.js';

const violations: string[] = [];
let checking = false;

requestObservers.add((request, restRoot) => {
  if (!checking) return;
  const [rawPath, query = ''] = request.path.split('?') as [string, string?];
  // A request outside the REST root is a test of a wrong --url, not a request to the engine.
  if (!rawPath.startsWith(`${restRoot}/`)) return;
  let body: unknown;
  try {
    body = request.body ? JSON.parse(request.body) : undefined;
  } catch {
    violations.push(`${request.method} ${request.path}: the body is not JSON`);
    return;
  }
  const result = validateRequest(request.method, rawPath.slice(restRoot.length), new URLSearchParams(query), body);
  if (!result.valid) violations.push(`${request.method} ${request.path}: ${result.errors.join('; ')}`);
});

beforeEach(() => {
  checking = Boolean(expect.getState().testPath?.includes('/test/e2e/'));
  violations.length = 0;
});

afterEach(() => {
  if (checking) expect(violations, 'requests outside the engine contract').toEqual([]);
});

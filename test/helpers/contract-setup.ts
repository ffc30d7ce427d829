// In the e2e suite, every request the command sends to a simulator, and every answer of the
// simulated engine, is checked against the engine's OpenAPI contract (path, method, query parameters,
// bodies, statuses); a mismatch fails the test. test/helpers/test-setup.ts calls checkContract for e2e files.
import { afterEach, beforeEach, expect } from 'vitest';
import { answersBinary, validateRequest, validateResponse } from '../contract/validate.js';
import { parseMultipart } from '../simulator/multipart.js';
import { requestObservers, responseObservers } from '../simulator/index.js';

/** A multipart body as its fields (a file part as `@file name`), as the samples' index writes it; undefined for any other body. */
function multipartFields(contentType: string | undefined, body: string): { multipart: Record<string, string> } | undefined {
  if (contentType === undefined || !/^multipart\/form-data/i.test(contentType)) return undefined;
  const parts = parseMultipart(contentType, Buffer.from(body, 'utf8'));
  // Not readable as one: JSON.parse then fails, and the observer reports the body.
  if (parts === undefined) return undefined;
  return { multipart: Object.fromEntries(parts.map((part) => [part.fieldName, part.fileName === null ? (part.text ?? '') : `@${part.fileName}`])) };
}

const violations: string[] = [];

requestObservers.add((request, restRoot) => {
  const [rawPath, query = ''] = request.path.split('?') as [string, string?];
  // A request outside the REST root is a test of a wrong --url, not a request to the engine.
  if (!rawPath.startsWith(`${restRoot}/`)) return;
  let body: unknown;
  try {
    body = request.body ? (multipartFields(request.headers['content-type'], request.body) ?? JSON.parse(request.body)) : undefined;
  } catch {
    violations.push(`${request.method} ${request.path}: the body is not JSON`);
    return;
  }
  const result = validateRequest(request.method, rawPath.slice(restRoot.length), new URLSearchParams(query), body);
  if (!result.valid) violations.push(`${request.method} ${request.path}: ${result.errors.join('; ')}`);
});

responseObservers.add((request, restRoot, status, text) => {
  const [rawPath] = request.path.split('?') as [string];
  if (!rawPath.startsWith(`${restRoot}/`)) return;
  // A file's bytes (a deployment resource): any content the contract's binary answer allows.
  if (answersBinary(request.method, rawPath.slice(restRoot.length), status)) return;
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    violations.push(`${request.method} ${request.path} -> ${status}: the answer is not JSON`);
    return;
  }
  // Every resource answers an unknown named engine with this 400 (sample unknown-engine.json); the
  // OpenAPI document lists it for none of them.
  if (status === 400 && (body as { message?: string } | undefined)?.message === 'No process engine available') return;
  const result = validateResponse(request.method, rawPath.slice(restRoot.length), status, body);
  if (!result.valid) violations.push(`${request.method} ${request.path} -> ${status}: ${result.errors.join('; ')}`);
});

/** Tests of this worker that have started and not yet ended: more than one in a concurrent describe. */
let running = 0;

/** Registers the check for the test file being set up (a module is loaded once per worker, a file's hooks are its own). */
export function checkContract(): void {
  beforeEach(() => {
    // What came before the first test (a file's set-up) is not checked; while other tests run side
    // by side (test.concurrent), what they found stays, for the next test to end to report.
    if (running === 0) violations.length = 0;
    running++;
  });

  afterEach(() => {
    running--;
    expect(violations.splice(0), 'requests outside the engine contract').toEqual([]);
  });
}

// --verbose: a response body is whatever the server sent (a proxy's HTML page, bytes of a broken
// answer); it is logged on one line with its control characters escaped.
import { describe, expect, it } from 'vitest';
import { formatExchange } from '../../src/render/exchange.js';

const exchange = {
  method: 'POST',
  url: 'http://h/engine-rest/migration/execute',
  requestHeaders: { 'content-type': 'application/json' },
  requestBody: '{"a":1}',
  status: 200,
  responseHeaders: { 'x-odd': 'a\u001bb' },
  responseBody: '<html>\n<title>\u001b[2JLogin</title>',
  durationMs: 3,
  attempt: 1,
};

describe('formatExchange', () => {
  it('logs bodies and header values on one line each, control characters escaped', () => {
    expect(formatExchange(exchange).split('\n')).toEqual([
      '> POST http://h/engine-rest/migration/execute',
      '> content-type: application/json',
      '> {"a":1}',
      '< 200 (3 ms)',
      '< x-odd: a\\x1bb',
      '< <html>\\n<title>\\x1b[2JLogin</title>',
    ]);
  });

  it('cuts a long body and says how long it was', () => {
    const line = formatExchange({ ...exchange, responseBody: 'x'.repeat(2500) })
      .split('\n')
      .at(-1)!;
    expect(line).toBe(`< ${'x'.repeat(2000)}… (2500 characters)`);
  });
});

/** --verbose: one request/response exchange, curl -v style. Headers arrive redacted from the client. */
import type { Exchange } from '../engine/http.js';
import { visibleControls } from '../util/text.js';

const MAX_BODY = 2000;

/** Bodies can be a proxy's page or anything a server sends: shown on one line, control characters escaped. */
function truncate(text: string): string {
  const shown = text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}… (${text.length} characters)` : text;
  return visibleControls(shown);
}

export function formatExchange(exchange: Exchange): string {
  const retry = exchange.attempt > 1 ? ` (attempt ${exchange.attempt})` : '';
  const lines = [`> ${exchange.method} ${exchange.url}${retry}`];
  for (const [name, value] of Object.entries(exchange.requestHeaders)) lines.push(`> ${name}: ${value}`);
  if (exchange.requestBody) lines.push(`> ${truncate(exchange.requestBody)}`);
  if (exchange.error) {
    lines.push(`< ${exchange.error} (${exchange.durationMs} ms)`);
  } else {
    lines.push(`< ${exchange.status ?? '?'} (${exchange.durationMs} ms)`);
    for (const [name, value] of Object.entries(exchange.responseHeaders)) lines.push(`< ${name}: ${visibleControls(value)}`);
    if (exchange.responseBody) lines.push(`< ${truncate(exchange.responseBody)}`);
  }
  return lines.join('\n');
}

// history ttl set at its prompt on a real pseudo-terminal: the preview, then the question naming the count; yes sets.
import { describe, expect } from 'vitest';
import { SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS } from '../../simulator/index.js';
import { cleanEnv } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';
import { runOnPty } from '../../helpers/pty.js';

describe('history ttl set on a terminal', () => {
  test('shows the versions with current -> new, asks naming the count, and sets them when told yes', async ({ engine, cwd }) => {
    engine.state.processDefinitions.find((definition) => definition.id === DEFINITIONS.invoiceV1)!.historyTimeToLive = null;
    const running = runOnPty(['--url', engine.url, '--no-color', 'history', 'ttl', 'set', 'invoice', '--days', '30'], {
      env: cleanEnv({}, cwd),
      cwd,
      columns: 160,
    });
    await running.waitFor('[y/N] ');
    running.type('y\r');
    const { code, screen } = await running.result;
    expect(code).toBe(0);
    const lines = screen.split('\r\n');
    const question = lines.findIndex((line) => line.includes('set the history time-to-live of 2 versions of process invoice to 30 days [y/N] '));
    expect(question).toBeGreaterThan(0);
    // The preview before the question, the outcome after it.
    expect(lines.slice(0, question).some((line) => line.includes(`${DEFINITIONS.invoiceV1} │ none -> 30`))).toBe(true);
    expect(lines.slice(question).some((line) => /│ none +│ 30 +│ set +│$/.test(line))).toBe(true);
    expect(lines).toContain('set 30 days on 2 versions of process invoice, each read back');
    expect(engine.state.processDefinitions.filter((definition) => definition.key === 'invoice').map((definition) => definition.historyTimeToLive)).toEqual([
      30, 30,
    ]);
  });
});

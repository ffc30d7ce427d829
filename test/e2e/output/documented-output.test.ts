// The transcripts in the docs (a fenced block of `$ camunda-admin ...` lines, each followed by what it
// prints, stdout then stderr) against what the command prints: the simulator's URL is written as the
// docs' http://localhost:8080/engine-rest. Every transcript of these pages is run, so a new one is too,
// except those that show a table (doc-examples.test.ts runs them on a terminal of the table's width)
// or leave something out with '…'.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizationType, ResourceType, type Simulator, startSimulator } from '../../simulator/index.js';
import { cleanEnv, runCli } from '../../helpers/cli.js';

const DOCS_URL = 'http://localhost:8080/engine-rest';

interface Transcript {
  page: string;
  command: string;
  printed: string;
}

function transcripts(page: string): Transcript[] {
  const text = readFileSync(new URL(`../../../docs/${page}`, import.meta.url), 'utf8');
  const found: Transcript[] = [];
  for (const block of text.matchAll(/^```\n(\$ camunda-admin [\s\S]*?)^```$/gm)) {
    for (const part of block[1]!.split(/^(?=\$ )/m)) {
      const [command, ...printed] = part.split('\n');
      // A table is doc-examples.test.ts's; a '…' stands for what changes from run to run (dates).
      if (printed.some((line) => /^[┌│├└]/.test(line) || line.includes('…'))) continue;
      found.push({ page, command: command!.slice(2), printed: printed.join('\n') });
    }
  }
  return found;
}

let open: Simulator;
let guarded: Simulator;
beforeAll(async () => {
  [open, guarded] = await Promise.all([startSimulator(), startSimulator({ basicAuth: true })]);
  // The docs ask about the invoice process, which the seeded authorizations do not name.
  guarded.state.authorizations.push({
    id: 'docs-mary-invoice',
    type: AuthorizationType.GRANT,
    userId: 'mary',
    groupId: null,
    permissions: ['READ'],
    resourceType: ResourceType.PROCESS_DEFINITION,
    resourceId: 'invoice',
    removalTime: null,
    rootProcessInstanceId: null,
  });
});
afterAll(async () => {
  await Promise.all([open.close(), guarded.close()]);
});

/** Which engine each documented command runs against, and as whom. */
const SETUPS: Record<string, () => { engine: Simulator; env: Record<string, string> }> = {
  'group members add sales john mary -o json': () => ({ engine: open, env: cleanEnv() }),
  'group members add sales john jhon nobody': () => ({ engine: open, env: cleanEnv() }),
  'auth check --permission READ --resource-type process-definition --resource-id invoice': () => ({
    engine: guarded,
    env: cleanEnv({ CAMUNDA_USERNAME: 'demo', CAMUNDA_PASSWORD: 'demo' }),
  }),
  'auth check --permission UPDATE --resource-type process-definition --resource-id invoice --user mary': () => ({
    engine: guarded,
    env: cleanEnv({ CAMUNDA_USERNAME: 'demo', CAMUNDA_PASSWORD: 'demo' }),
  }),
  'auth check --permission READ --resource-type process-definition': () => ({ engine: open, env: cleanEnv() }),
  'metrics sum process-instance': () => ({ engine: open, env: cleanEnv() }),
  'metrics list --name process-instance': () => ({ engine: open, env: cleanEnv() }),
};

describe.each(['groups.md', 'authorizations.md', 'metrics.md'])('docs/%s', (page) => {
  const found = transcripts(page);

  it('has transcripts, each of a command this test knows how to run', () => {
    expect(found.length).toBeGreaterThan(0);
    for (const transcript of found) expect(Object.keys(SETUPS), transcript.command).toContain(transcript.command.replace(/^camunda-admin /, ''));
  });

  it.each(found.map((transcript) => [transcript.command, transcript] as const))('$ %s prints what the page shows', async (_command, transcript) => {
    const args = transcript.command.replace(/^camunda-admin /, '');
    const { engine, env } = SETUPS[args]!();
    const result = await runCli(['--url', engine.url, ...args.split(' ')], { env });
    expect(`${result.stdout}${result.stderr}`.replaceAll(engine.url, DOCS_URL)).toBe(transcript.printed);
  });
});

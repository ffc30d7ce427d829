// Issue 31, item 11: the pre-flight's "What happens" cell is never shortened: -o wide and tables off a
// terminal (tab-separated) give the engine's message whole; a terminal wraps it in its column.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { SEEDED_PROCESS_INSTANCE_IDS as INSTANCES } from '../../simulator/index.js';
import { it } from '../../helpers/fixtures.js';

/** Longer than any column of an 80- or 100-column terminal, of short words. */
const LONG_MESSAGE =
  "Unknown property used in expression: ${approver}. Cause: Cannot resolve identifier 'approver' while the reminder of the approval task was sent to the mail server of the finance department";

const CELL = `1 failedExternalTask incident, moved to notifyApprover and still open: '${LONG_MESSAGE}'`;

describe('the pre-flight table of migration validate, with a long incident message', () => {
  it('-o wide and off a terminal: the cell whole; on a terminal: wrapped in its column, nothing cut, no table line wider than the terminal', async ({
    engine,
    cli,
    cwd,
  }) => {
    const incident = engine.state.incidents.find((candidate) => candidate.processInstanceId === INSTANCES.approvalReminder);
    expect(incident).toBeDefined();
    incident!.incidentMessage = LONG_MESSAGE;
    // generate --suggest, every suggestion uncommented: the reminder's incident moves to notifyApprover.
    const generated = await cli(
      ['migration', 'generate', '--source', 'invoice-approval:1', '--target', 'invoice-approval:2', '--suggest', '--out', 'generated.yaml'],
      { cwd },
    );
    expect(generated.code).toBe(0);
    const text = readFileSync(join(cwd, 'generated.yaml'), 'utf8');
    writeFileSync(join(cwd, 'plan.yaml'), text.replace(/^ {2}# (- sourceActivityIds)/gm, '  $1').replace(/^ {2}# ( {2}targetActivityIds)/gm, '  $1'));

    for (const format of [[], ['-o', 'wide']]) {
      const piped = await cli(['migration', 'validate', 'plan.yaml', ...format], { cwd });
      expect(piped.code).toBe(3);
      const row = piped.stdout.split('\n').find((line) => line.startsWith('incident\t'));
      expect(row, piped.stdout).toBe(`incident\tsendReminder -> notifyApprover\t1; ${INSTANCES.approvalReminder}\t${CELL}\twarning`);
    }

    // -o wide on a terminal: every cell as wide as it is, the message on one line.
    const wide = await cli(['migration', 'validate', 'plan.yaml', '-o', 'wide'], { cwd, terminal: { stdout: 80 } });
    expect(wide.code).toBe(3);
    expect(wide.stdout).toContain(`│ ${CELL} │`);
    expect(wide.stdout).not.toContain('…');

    // A terminal: the cell wrapped in its column; ids whole.
    const width = 100;
    const boxed = await cli(['migration', 'validate', 'plan.yaml'], { cwd, terminal: { stdout: width } });
    expect(boxed.code).toBe(3);
    expect(boxed.stdout).not.toContain('…');
    const lines = boxed.stdout.split('\n');
    // The table's lines (the summary line after it is a sentence, not a table).
    for (const line of lines.filter((text) => /^[┌│├└]/.test(text))) expect(line.length, line).toBeLessThanOrEqual(width);
    expect(boxed.stdout).toContain(INSTANCES.approvalReminder);
    const heading = lines.findIndex((line) => line.includes('What happens'));
    const column = lines[heading]!.split('│').findIndex((cell) => cell.includes('What happens'));
    const start = lines.findIndex((line, index) => index > heading && line.includes('sendReminder'));
    const cellLines: string[] = [];
    for (let index = start; index < lines.length && lines[index]!.startsWith('│'); index++) {
      // The row ends where the next one starts (a finding in the first column).
      if (index > start && lines[index]!.split('│')[1]!.trim() !== '') break;
      cellLines.push(lines[index]!.split('│')[column]!.trim());
    }
    expect(cellLines.length, boxed.stdout).toBeGreaterThan(1);
    // Free text wraps inside a word where its column is narrower (failedExternal|Task): the
    // characters are all there, in order.
    expect(cellLines.join('').replace(/\s/g, '')).toBe(CELL.replace(/\s/g, ''));
  });
});

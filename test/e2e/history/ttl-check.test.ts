// `history ttl check FILE...`: model files checked offline for a history time-to-live, as a pipeline
// runs it: problem lines on stdout, a summary on stderr, exit 3 with problems, 0 without, 2 for paths
// that cannot be used; the list with -o json; never a request to an engine (the URL given is closed).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { runBinary, runCli } from '../../helpers/cli.js';
import { tempDirTest as it } from '../../helpers/fixtures.js';

/** Port 9 (discard) is closed here: a request would end in exit 7. */
const NO_ENGINE = ['--url', 'http://127.0.0.1:9/engine-rest', '--retries', '0'];

const bpmn = (id: string, attributes = '') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
                  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="${id}" isExecutable="true"${attributes}>
    <bpmn:startEvent id="start" />
  </bpmn:process>
</bpmn:definitions>
`;

const dmn = (id: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d" name="d" namespace="n">
  <decision id="${id}"><literalExpression id="e"><text>1</text></literalExpression></decision>
</definitions>
`;

function release(cwd: string): void {
  writeFileSync(join(cwd, 'invoice.bpmn'), bpmn('invoice'));
  writeFileSync(join(cwd, 'approval.bpmn'), bpmn('approval', ' camunda:historyTimeToLive="P180D"'));
  writeFileSync(join(cwd, 'risk.dmn'), dmn('risk'));
  writeFileSync(join(cwd, 'README.md'), 'not a model');
}

const MISSING = '(the engine refuses to deploy it: ENGINE-12018 History Time To Live (TTL) cannot be null)';

describe('history ttl check', () => {
  it('prints each problem as FILE:LINE:COLUMN and exits 3', async ({ cwd }) => {
    release(cwd);
    const result = await runCli([...NO_ENGINE, 'history', 'ttl', 'check', '.'], { cwd });
    expect(result.stdout).toBe(
      [`invoice.bpmn:4:3: process 'invoice' has no historyTimeToLive ${MISSING}`, `risk.dmn:3:3: decision 'risk' has no historyTimeToLive ${MISSING}`, ''].join(
        '\n',
      ),
    );
    expect(result.stderr.split('\n')).toEqual([
      '3 files checked (2 executable processes, 1 decision): 2 problems in 2 of 3 files',
      'add camunda:historyTimeToLive="180" (days, or "P180D") to each; for an engine with a global default historyTimeToLive or without enforcement, --allow-missing',
      '',
    ]);
    expect(result.code).toBe(3);
  });

  it('exits 0 and prints nothing on stdout when every definition has one', async ({ cwd }) => {
    release(cwd);
    const result = await runCli([...NO_ENGINE, 'history', 'ttl', 'check', 'approval.bpmn'], { cwd });
    expect(result).toEqual({ code: 0, stdout: '', stderr: '1 file checked (1 executable process, 0 decisions): no problem\n' });
  });

  it('-o json prints the documented list, [] when clean', async ({ cwd }) => {
    release(cwd);
    const result = await runCli([...NO_ENGINE, '-o', 'json', 'history', 'ttl', 'check', 'invoice.bpmn', 'approval.bpmn'], { cwd });
    expect(JSON.parse(result.stdout)).toEqual([
      {
        file: 'invoice.bpmn',
        line: 4,
        column: 3,
        severity: 'error',
        check: 'history-ttl-missing',
        element: 'process',
        id: 'invoice',
        message: `process 'invoice' has no historyTimeToLive ${MISSING}`,
      },
    ]);
    expect(result.code).toBe(3);
    const clean = await runCli([...NO_ENGINE, '-o', 'yaml', 'history', 'ttl', 'check', 'approval.bpmn'], { cwd });
    expect({ code: clean.code, stdout: clean.stdout }).toEqual({ code: 0, stdout: '[]\n' });
  });

  it('--allow-missing leaves out missing ones, not invalid ones', async ({ cwd }) => {
    release(cwd);
    writeFileSync(join(cwd, 'bad.bpmn'), bpmn('bad', ' camunda:historyTimeToLive="P6M"'));
    const result = await runCli([...NO_ENGINE, 'history', 'ttl', 'check', '--allow-missing', '.'], { cwd });
    expect(result.stdout).toBe(
      `bad.bpmn:4:46: process 'bad' has an invalid camunda:historyTimeToLive "P6M" (the engine refuses it: Cannot parse historyTimeToLive: For input string: "P6M")\n`,
    );
    expect(result.code).toBe(3);
    const allowed = await runCli([...NO_ENGINE, 'history', 'ttl', 'check', '--allow-missing', 'invoice.bpmn', 'risk.dmn'], { cwd });
    expect({ code: allowed.code, stdout: allowed.stdout }).toEqual({ code: 0, stdout: '' });
  });

  it('reports a file that is not well-formed XML as a problem, with its place', async ({ cwd }) => {
    writeFileSync(
      join(cwd, 'broken.bpmn'),
      bpmn('broken', ' camunda:historyTimeToLive="1"').replace('<bpmn:startEvent id="start" />', '<bpmn:startEvent id="start">'),
    );
    const result = await runCli([...NO_ENGINE, 'history', 'ttl', 'check', 'broken.bpmn'], { cwd });
    expect(result.stdout).toBe('broken.bpmn:6:3: not well-formed XML: the end tag </bpmn:process> does not match the start tag <bpmn:startEvent> (line 5)\n');
    expect(result.code).toBe(3);
  });

  it('refuses paths it cannot use with exit 2, one line each, and checks nothing', async ({ cwd }) => {
    release(cwd);
    const result = await runCli([...NO_ENGINE, 'history', 'ttl', 'check', 'invoice.bpmn', 'missing.bpmn', 'README.md'], { cwd });
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'error: missing.bpmn: model file not found\nREADME.md: not a model file: the engine parses only .bpmn, .bpmn20.xml, .dmn, .dmn11.xml, .cmmn, .cmmn10.xml, .cmmn11.xml\n',
    );
    expect(result.code).toBe(2);
  });

  it('needs a path', async ({ cwd }) => {
    const result = await runCli([...NO_ENGINE, 'history', 'ttl', 'check'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("missing required argument 'file'");
  });

  it('the built binary exits 3 for a file without one', async ({ cwd }) => {
    release(cwd);
    const result = await runBinary([...NO_ENGINE, 'history', 'ttl', 'check', 'invoice.bpmn'], { cwd });
    expect({ code: result.code, stdout: result.stdout }).toEqual({
      code: 3,
      stdout: `invoice.bpmn:4:3: process 'invoice' has no historyTimeToLive ${MISSING}\n`,
    });
  });
});

// engine switch-check on CMMN cases against the simulator: cases deployed with `deployment create`,
// a case key's latest version and every version with case instances scanned, a listener's
// org.camunda class, script and expression reported with the case key:version and their places;
// a clean case reports nothing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { bpmnXmlOf } from '../../simulator/repository.js';
import { caseStore, createCaseInstance } from '../../simulator/case-definition.js';
import type { Simulator } from '../../simulator/index.js';
import { test as it } from '../../helpers/fixtures.js';

interface Report {
  summary: Record<string, number>;
  resources: Record<string, unknown>[];
  notes: { topic: string; message: string }[];
}

/** A case whose plan model has the given listeners. */
const cmmn = (key: string, listeners: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/CMMN/20151109/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/cmmn" targetNamespace="http://example.org/cmmn" id="d">
  <case id="${key}" name="Loan case" camunda:historyTimeToLive="30">
    <casePlanModel id="plan">
      <extensionElements>
${listeners}
      </extensionElements>
      <planItem id="item" definitionRef="review" />
      <humanTask id="review" name="Review" />
    </casePlanModel>
  </case>
</definitions>
`;

const TIED = cmmn(
  'loanCase',
  `        <camunda:caseExecutionListener event="close" class="org.camunda.x.AuditListener" />
        <camunda:caseExecutionListener event="terminate">
          <camunda:script scriptFormat="javascript">var V = Java.type('org.camunda.bpm.engine.variable.Variables');</camunda:script>
        </camunda:caseExecutionListener>
        <camunda:caseExecutionListener event="complete" delegateExpression="\${org.camunda.spin.Spin.S('x')}" />`,
);
const CLEAN = cmmn('loanCase', '        <camunda:caseExecutionListener event="close" class="com.acme.AuditListener" />');

/** The seeded models without their org.camunda names (the invoice example's delegate is org.camunda.bpm.example…). */
function cleanModels(engine: Simulator): void {
  for (const definition of engine.state.processDefinitions) definition.bpmnXml = bpmnXmlOf(definition).replace(/org\.camunda\./g, 'com.acme.');
}

describe('engine switch-check on CMMN cases', () => {
  it('reports the org.camunda names of a version with case instances, not of one without, with case key:version and place', async ({ engine, cli, cwd }) => {
    cleanModels(engine);
    const deploy = async (text: string, version: number) => {
      writeFileSync(join(cwd, 'loan.cmmn'), text);
      const result = await cli(['deployment', 'create', 'loan.cmmn', '--name', 'loan'], { cwd });
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(new RegExp(`: loanCase v${version}\\n$`));
    };
    await deploy(TIED, 1);
    // Version 2 names the same classes but has no case instances and is not the latest: not live.
    await deploy(`${TIED}<!-- v2 -->\n`, 2);
    await deploy(CLEAN, 3);
    const versions = caseStore(engine.state).definitions.map((definition) => [definition.key, definition.version, definition.resource]);
    expect(versions).toEqual([
      ['loanCase', 1, 'loan.cmmn'],
      ['loanCase', 2, 'loan.cmmn'],
      ['loanCase', 3, 'loan.cmmn'],
    ]);
    createCaseInstance(engine.state, caseStore(engine.state).definitions[0]!.id, { state: 'completed' });

    const result = await cli('engine', 'switch-check', '--to', 'cibseven', '--detailed-exitcode', '-o', 'json');
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 10, stderr: '' });
    const report = JSON.parse(result.stdout) as Report;
    const base = { definitionType: 'case', definitionKey: 'loanCase', version: 1, resource: 'loan.cmmn', elementId: 'plan' };
    expect(report.resources).toMatchObject([
      { ...base, kind: 'class', line: 6, column: 54, element: 'camunda:caseExecutionListener', attribute: 'class', reference: 'org.camunda.x.AuditListener' },
      { ...base, kind: 'script', line: 8, column: 72, element: 'camunda:script', attribute: null, reference: 'org.camunda.bpm.engine.variable.Variables' },
      { ...base, kind: 'expression', line: 10, column: 57, attribute: 'delegateExpression', reference: 'org.camunda.spin.Spin' },
    ]);
    expect(report.resources[0]!['remedy']).toMatch(/cases cannot be migrated.*useCibSevenNamespaceInReflection=true/);
    expect(report.summary).toMatchObject({ resourceFindings: 3, findings: 3 });

    const table = await cli('engine', 'switch-check', '--to', 'cibseven');
    expect(table.stdout).toMatch(/^case loanCase:1\tloan\.cmmn:6:54\tplan class\torg\.camunda\.x\.AuditListener\t/m);
  });

  it('reports nothing for a clean case, and counts it as scanned', async ({ engine, cli, cwd }) => {
    cleanModels(engine);
    const before = JSON.parse((await cli('engine', 'switch-check', '--to', 'cibseven', '-o', 'json')).stdout) as Report;
    writeFileSync(join(cwd, 'loan.cmmn'), CLEAN);
    expect((await cli(['deployment', 'create', 'loan.cmmn'], { cwd })).code).toBe(0);
    createCaseInstance(engine.state, caseStore(engine.state).definitions[0]!.id);
    const result = await cli('engine', 'switch-check', '--to', 'cibseven', '--detailed-exitcode', '-o', 'json');
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(result.stdout) as Report;
    expect(report.resources).toEqual([]);
    expect(report.summary['definitionsScanned']).toBe(before.summary['definitionsScanned']! + 1);
  });
});

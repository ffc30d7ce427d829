// engine switch-check against the simulator: the seeded invoice example's own org.camunda delegate;
// nothing on a clean engine (for CIB seven, whose admin group is Camunda's), camunda-admin when moving to Operaton, a deployed class name and script and
// an org.camunda Object variable with their places, and engines that already are a fork.
import { describe, expect } from 'vitest';
import { bpmnXmlOf } from '../../simulator/repository.js';
import type { Simulator } from '../../simulator/index.js';
import { SEEDED_DECISION_DEFINITION_IDS } from '../../simulator/decision-seed.js';
import { SEEDED_PROCESS_DEFINITION_IDS, SEEDED_PROCESS_INSTANCE_IDS } from '../../simulator/state.js';
import { test as it } from '../../helpers/fixtures.js';

interface Report {
  alreadySwitchedTo: string | null;
  schemaVersion: string | null;
  notes: { topic: string; message: string }[];
  summary: Record<string, number>;
  resources: Record<string, unknown>[];
  variables: Record<string, unknown>[];
  identity: { adminGroup: string; members: string[] } | null;
}

const MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d">
  <bpmn:process id="refengine-demo" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:serviceTask id="approve" camunda:class="org.camunda.bpm.example.Delegate" />
    <bpmn:scriptTask id="review" scriptFormat="javascript">
      <bpmn:script>var V = Java.type('org.camunda.bpm.engine.variable.Variables');</bpmn:script>
    </bpmn:scriptTask>
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

/** The seeded models without their org.camunda names (the invoice example's delegate is org.camunda.bpm.example…). */
function cleanModels(engine: Simulator): void {
  for (const definition of engine.state.processDefinitions) definition.bpmnXml = bpmnXmlOf(definition).replace(/org\.camunda\./g, 'com.acme.');
}

const DMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d" name="d" namespace="n">
  <decision id="invoice-classification">
    <decisionTable id="t">
      <input id="i"><inputExpression id="e" expressionLanguage="javascript"><text>Java.type('org.camunda.spin.Spin')</text></inputExpression></input>
      <output id="o" name="r" />
    </decisionTable>
  </decision>
</definitions>`;

describe('engine switch-check', () => {
  it('finds the seeded invoice example delegate, in each live version', async ({ cli }) => {
    const result = await cli('engine', 'switch-check', '--to', 'operaton', '-o', 'json');
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(result.stdout) as Report;
    expect(report.resources.map((finding) => [finding['definitionKey'], finding['version'], finding['kind'], finding['reference']])).toEqual([
      ['invoice', 1, 'class', 'org.camunda.bpm.example.invoice.service.ArchiveInvoiceService'],
      ['invoice', 2, 'class', 'org.camunda.bpm.example.invoice.service.ArchiveInvoiceService'],
    ]);
  });

  it('finds nothing on a clean engine moving to CIB seven: exit 0 with --detailed-exitcode', async ({ engine, cli }) => {
    cleanModels(engine);
    const result = await cli('engine', 'switch-check', '--to', 'cibseven', '--detailed-exitcode', '-o', 'json');
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(result.stdout) as Report;
    expect(report).toMatchObject({ alreadySwitchedTo: null, resources: [], variables: [], identity: null });
    expect(report.summary['findings']).toBe(0);
    expect(report).toMatchObject({ schemaVersion: '7.24.0', notes: [] });
    expect(report.summary['definitionsScanned']).toBeGreaterThan(0);
    const table = await cli('engine', 'switch-check', '--to', 'cibseven');
    expect(table.stdout).toMatch(/^Summary\tnothing found that must change before switching to CIB seven$/m);
  });

  it('advises reaching 7.24 first when the database schema is older', async ({ engine, cli }) => {
    engine.state.schemaLog = [
      { id: '0', version: '7.20.0', timestamp: '2024-01-01T00:00:00.000+0000' },
      { id: '1', version: '7.22.0', timestamp: '2025-01-01T00:00:00.000+0000' },
    ];
    const result = await cli('engine', 'switch-check', '--to', 'cibseven', '-o', 'json');
    const report = JSON.parse(result.stdout) as Report;
    expect(report.schemaVersion).toBe('7.22.0');
    expect(report.notes).toEqual([expect.objectContaining({ topic: 'version', message: expect.stringContaining('bring it to Camunda 7.24 first') })]);
  });

  it('names camunda-admin when moving to Operaton', async ({ cli }) => {
    const result = await cli('engine', 'switch-check', '--to', 'operaton', '--detailed-exitcode', '-o', 'json');
    expect(result.code).toBe(10);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.identity).toMatchObject({ adminGroup: 'camunda-admin' });
    expect(report.identity!.members.length).toBeGreaterThan(0);
    expect(report.summary['identityFindings']).toBe(1);
  });

  it('reports a deployed class name, a script, a DMN expression and an org.camunda Object variable with their places', async ({ engine, cli }) => {
    cleanModels(engine);
    engine.state.findProcessDefinition(SEEDED_PROCESS_DEFINITION_IDS.v1)!.bpmnXml = MODEL;
    const instance = engine.state.findProcessInstance(SEEDED_PROCESS_INSTANCE_IDS.demoV1First)!;
    const order = { type: 'Object', value: '{}', valueInfo: { objectTypeName: 'org.camunda.bpm.example.Order', serializationDataFormat: 'application/json' } };
    instance.variables = { order: { id: 'sw-var-1', ...order } };
    engine.state.decisionDefinitions.find((decision) => decision.id === SEEDED_DECISION_DEFINITION_IDS.classificationV2)!.dmnXml = DMN;
    const result = await cli('engine', 'switch-check', '--to', 'cibseven', '--detailed-exitcode', '-o', 'json');
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 10, stderr: '' });
    const report = JSON.parse(result.stdout) as Report;
    expect(report.resources).toMatchObject([
      { definitionKey: 'refengine-demo', version: 1, kind: 'class', line: 5, column: 36, elementId: 'approve', reference: 'org.camunda.bpm.example.Delegate' },
      {
        definitionKey: 'refengine-demo',
        version: 1,
        kind: 'script',
        line: 7,
        column: 39,
        elementId: 'review',
        reference: 'org.camunda.bpm.engine.variable.Variables',
      },
      {
        definitionType: 'decision',
        definitionKey: 'invoice-classification',
        version: 2,
        resource: 'invoiceBusinessDecisions.dmn',
        kind: 'script',
        line: 5,
        column: 94,
        elementId: 'e',
        reference: 'org.camunda.spin.Spin',
      },
    ]);
    expect(report.resources[0]!['remedy']).toContain('useCibSevenNamespaceInReflection=true');
    expect(report.resources[2]!['remedy']).toContain('useCibSevenNamespaceInScripting=true');
    expect(report.variables).toEqual([
      expect.objectContaining({
        processDefinitionId: SEEDED_PROCESS_DEFINITION_IDS.v1,
        definitionKey: 'refengine-demo',
        version: 1,
        exampleProcessInstanceId: SEEDED_PROCESS_INSTANCE_IDS.demoV1First,
        variableName: 'order',
        reason: 'object-type',
        count: 1,
        exampleId: 'sw-var-1',
      }),
    ]);
    expect(report.summary).toMatchObject({ resourceFindings: 3, variableFindings: 1, variablesAffected: 1, findings: 4 });
    // Variables are read serialized, never deserialized.
    const variableRequests = engine.requests.filter((request) => request.path.split('?')[0]!.endsWith('/variable-instance'));
    expect(variableRequests.length).toBeGreaterThan(0);
    for (const request of variableRequests) expect(request.path).toContain('deserializeValues=false');
  });
});

describe.each([
  ['operaton', 'Operaton', 'cibseven', 'CIB seven'],
  ['cibseven', 'CIB seven', 'operaton', 'Operaton'],
] as const)('on a %s engine', (flavour, name, other, otherName) => {
  it.override({ simulatorOptions: { flavour } });
  it('says it is already switched and asks nothing more', async ({ engine, cli }) => {
    const result = await cli('engine', 'switch-check', '--to', flavour, '--detailed-exitcode');
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(new RegExp(`^The engine is already ${name} \\(.+\\): it has been switched; nothing to check\\.$`, 'm'));
    expect(engine.requests.some((request) => request.path.includes('/process-definition'))).toBe(false);
    const json = JSON.parse((await cli('engine', 'switch-check', '--to', flavour, '-o', 'json')).stdout) as { alreadySwitchedTo: string };
    expect(json.alreadySwitchedTo).toBe(flavour);
  });

  it('says moving to the other fork is not what it checks, and exits 10 with --detailed-exitcode', async ({ cli }) => {
    const result = await cli('engine', 'switch-check', '--to', other, '--detailed-exitcode');
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 10, stderr: '' });
    expect(result.stdout).toMatch(
      new RegExp(
        `^The engine is ${name} \\(.+\\), not Camunda 7: this check covers moving a Camunda 7 engine to a fork; moving from ${name} to ${otherName} \\(org\\.${flavour} to org\\.${other}\\) is not checked\\.$`,
        'm',
      ),
    );
  });
});

// engine switch-check against the simulator: external scripts read from the definition's own
// deployment (deployment://), classpath scripts named as not checked, and every decision version.
import { describe, expect } from 'vitest';
import { SEEDED_DECISION_DEFINITION_IDS } from '../../simulator/decision-seed.js';
import { bpmnXmlOf } from '../../simulator/repository.js';
import { test as it } from '../../helpers/fixtures.js';

interface Report {
  notes: { topic: string; message: string }[];
  summary: Record<string, number>;
  resources: Record<string, unknown>[];
}

const MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="swExternal" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="start" />
    <bpmn:userTask id="wait">
      <bpmn:extensionElements>
        <camunda:taskListener event="complete">
          <camunda:script scriptFormat="groovy" resource="classpath://scripts/audit.groovy" />
        </camunda:taskListener>
      </bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:scriptTask id="total" scriptFormat="javascript" camunda:resource="deployment://scripts/total.js" />
    <bpmn:scriptTask id="missing" scriptFormat="javascript" camunda:resource="deployment://scripts/gone.js" />
    <bpmn:scriptTask id="upper" scriptFormat="javascript" camunda:resource="Deployment://scripts/total.js" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>
`;

const SCRIPT = `// Sums the order lines.
var Variables = Java.type("org.camunda.bpm.engine.variable.Variables");
execution.setVariable("total", Variables.longValue(42));
`;

const DMN_V1 = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d" name="d" namespace="n">
  <decision id="invoice-classification">
    <decisionTable id="t">
      <input id="i"><inputExpression id="e" expressionLanguage="groovy"><text>import org.camunda.spin.Spin</text></inputExpression></input>
      <output id="o" name="r" />
    </decisionTable>
  </decision>
</definitions>`;

describe('engine switch-check: external scripts and decision versions', () => {
  it("reads a deployment:// script from the definition's deployment and names the ones it cannot read", async ({ engine, cli }) => {
    for (const definition of engine.state.processDefinitions) definition.bpmnXml = bpmnXmlOf(definition).replace(/org\.camunda\./g, 'com.acme.');
    // The engine names a resource by the file name the form gave it: deploy the script as scripts/total.js.
    const form = new FormData();
    form.append('deployment-name', 'sw-external');
    form.append('model', new Blob([MODEL]), 'external.bpmn');
    form.append('script', new Blob([SCRIPT]), 'scripts/total.js');
    expect((await fetch(`${engine.url}/deployment/create`, { method: 'POST', body: form })).status).toBe(200);

    const result = await cli('engine', 'switch-check', '--to', 'operaton', '-o', 'json');
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(result.stdout) as Report;
    expect(report.resources).toEqual([
      expect.objectContaining({
        definitionKey: 'swExternal',
        version: 1,
        resource: 'scripts/total.js',
        kind: 'script',
        line: 2,
        column: 28,
        element: 'bpmn:scriptTask',
        attribute: 'camunda:resource',
        elementId: 'total',
        reference: 'org.camunda.bpm.engine.variable.Variables',
      }),
    ]);
    expect(report.notes.filter((note) => note.topic === 'external-script').map((note) => note.message)).toEqual([
      "swExternal:1 wait (external.bpmn:8:49) runs classpath://scripts/audit.groovy from the application's classpath, which REST cannot read: check it in the application's code",
      'swExternal:1 missing (external.bpmn:13:61) names deployment://scripts/gone.js, which its deployment does not hold: it fails on any engine when it runs the script',
      'swExternal:1 upper (external.bpmn:14:59) names Deployment://scripts/total.js: the engine loads scripts only from classpath:// and deployment:// (spelled so), so it fails on any engine when it runs the script',
    ]);
    // The classpath script is not checked: said in the summary, not counted against the engine.
    expect(report.summary['scriptsNotChecked']).toBe(1);
    expect(report.resources[0]!['runBy']).toEqual({ resource: 'external.bpmn', line: 12, column: 59 });
    const reads = engine.requests.filter((request) => /\/deployment\/[^/]+\/resources/.test(request.path));
    expect(
      reads.map((request) =>
        request.path.replace(/\/deployment\/[^/]+\/resources(\/[^/]+)?/, '/deployment/ID/resources$1').replace(/\/resources\/[^/]+\//, '/resources/RID/'),
      ),
    ).toEqual(['/engine-rest/deployment/ID/resources', '/engine-rest/deployment/ID/resources/RID/data']);
  });

  it('gives each finding of a collaboration to the pool that holds it, once, and none to a pool that does not run', async ({ engine, cli }) => {
    const collaboration = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <bpmn:collaboration id="c"><bpmn:participant id="pa" processRef="poolA" /><bpmn:participant id="pb" processRef="poolB" /><bpmn:participant id="pc" processRef="poolC" /></bpmn:collaboration>
  <bpmn:process id="poolA" isExecutable="true" camunda:historyTimeToLive="30"><bpmn:startEvent id="sa" /><bpmn:serviceTask id="ta" camunda:class="org.camunda.bpm.example.PoolA" /></bpmn:process>
  <bpmn:process id="poolB" isExecutable="true" camunda:historyTimeToLive="30"><bpmn:startEvent id="sb" /><bpmn:serviceTask id="tb" camunda:class="org.camunda.bpm.example.PoolB" /></bpmn:process>
  <bpmn:process id="poolC" isExecutable="false"><bpmn:serviceTask id="tc" camunda:class="org.camunda.bpm.example.PoolC" /></bpmn:process>
</bpmn:definitions>
`;
    for (const definition of engine.state.processDefinitions) definition.bpmnXml = bpmnXmlOf(definition).replace(/org\.camunda\./g, 'com.acme.');
    const form = new FormData();
    form.append('deployment-name', 'sw-pools');
    form.append('model', new Blob([collaboration]), 'pools.bpmn');
    expect((await fetch(`${engine.url}/deployment/create`, { method: 'POST', body: form })).status).toBe(200);
    const report = JSON.parse((await cli('engine', 'switch-check', '--to', 'operaton', '-o', 'json')).stdout) as Report;
    expect(report.resources.map((finding) => [finding['definitionKey'], finding['elementId'], finding['reference']])).toEqual([
      ['poolA', 'ta', 'org.camunda.bpm.example.PoolA'],
      ['poolB', 'tb', 'org.camunda.bpm.example.PoolB'],
    ]);
    const xmlReads = engine.requests.filter((request) => /\/process-definition\/pool[AB]:[^/]*\/xml/.test(decodeURIComponent(request.path)));
    expect(xmlReads).toHaveLength(1);
  });

  it('scans every version of a decision: any version can still be evaluated', async ({ engine, cli }) => {
    // Version 1 of invoice-classification, not the latest, deployed alone (in the seed it shares its DRD with invoice-assign-approver:1, a latest version).
    const first = engine.state.decisionDefinitions.find((decision) => decision.id === SEEDED_DECISION_DEFINITION_IDS.classificationV1)!;
    Object.assign(first, { dmnXml: DMN_V1, deploymentId: 'sw-decision-v1-alone' });
    const result = await cli('engine', 'switch-check', '--to', 'cibseven', '-o', 'json');
    const report = JSON.parse(result.stdout) as Report;
    const decisions = report.resources.filter((finding) => finding['definitionType'] === 'decision');
    expect(decisions[0]?.['remedy']).toMatch(/^rewrite the DMN .* deploy it as a new version; callers that bind an older version/);
    expect(decisions).toEqual([
      expect.objectContaining({ definitionKey: 'invoice-classification', version: 1, kind: 'script', line: 5, column: 86, reference: 'org.camunda.spin.Spin' }),
    ]);
    const table = await cli('engine', 'switch-check', '--to', 'cibseven');
    expect(table.stdout).toMatch(/^decision invoice-classification:1\tinvoiceBusinessDecisions\.dmn:5:86\te text\torg\.camunda\.spin\.Spin\t/m);
  });
});

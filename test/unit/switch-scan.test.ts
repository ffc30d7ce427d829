// engine switch-check's scanners: org.camunda references in a BPMN text with their places, and
// variables whose type name or serialized bytes name org.camunda classes.
import { describe, expect, it } from 'vitest';
import { scanResource, scanScriptText } from '../../src/switching/resource-scan.js';
import { camundaNameOf, VariableTally } from '../../src/switching/variable-scan.js';
import { XmlSyntaxError } from '../../src/model-files/xml-scanner.js';

const BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d">
  <bpmn:process id="sw" isExecutable="true">
    <bpmn:serviceTask id="call" camunda:class="org.camunda.bpm.example.Delegate">
      <bpmn:extensionElements>
        <camunda:executionListener class="com.acme.Listener" event="start" />
        <camunda:taskListener delegateExpression="\${org.camunda.bpm.X}" />
      </bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:userTask id="form" camunda:formKey="camunda-forms:deployment:a.form" camunda:formHandlerClass="org.camunda.bpm.Form" />
    <bpmn:scriptTask id="script" scriptFormat="javascript">
      <bpmn:script><![CDATA[var V = Java.type('org.camunda.bpm.engine.variable.Variables');
var feel = 'org.camunda.feel.Engine';]]></bpmn:script>
    </bpmn:scriptTask>
    <!-- was: org.camunda.bpm.Old -->
    <bpmn:scriptTask id="external" scriptFormat="groovy" camunda:resource="deployment://x.groovy" />
    <bpmn:userTask id="audited">
      <bpmn:extensionElements>
        <camunda:taskListener event="complete"><camunda:script scriptFormat="groovy" resource="classpath://audit.groovy" /></camunda:taskListener>
        <camunda:inputOutput><camunda:inputParameter name="p"><bpmn:script resource="not-camunda.js" /></camunda:inputParameter></camunda:inputOutput>
      </bpmn:extensionElements>
    </bpmn:userTask>
  </bpmn:process>
</bpmn:definitions>`;

describe('scanResource', () => {
  it('finds class attributes, expressions and scripts with their places, and nothing in the namespace or camunda-forms:', () => {
    const scan = scanResource(BPMN);
    expect(scan.references.map(({ kind, line, column, attribute, elementId, reference }) => ({ kind, line, column, attribute, elementId, reference }))).toEqual(
      [
        { kind: 'class', line: 4, column: 33, attribute: 'camunda:class', elementId: 'call', reference: 'org.camunda.bpm.example.Delegate' },
        { kind: 'expression', line: 7, column: 31, attribute: 'delegateExpression', elementId: 'call', reference: 'org.camunda.bpm.X' },
        { kind: 'class', line: 10, column: 80, attribute: 'camunda:formHandlerClass', elementId: 'form', reference: 'org.camunda.bpm.Form' },
        { kind: 'script', line: 12, column: 48, attribute: null, elementId: 'script', reference: 'org.camunda.bpm.engine.variable.Variables' },
      ],
    );
    expect(scan.externalScripts).toEqual([
      { line: 16, column: 58, element: 'bpmn:scriptTask', elementId: 'external', resource: 'deployment://x.groovy' },
      { line: 19, column: 86, element: 'camunda:script', elementId: 'audited', resource: 'classpath://audit.groovy' },
    ]);
  });

  it('takes text in a script language for a script, in JUEL or FEEL for an expression', () => {
    const dmn = (language: string) => `<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d" expressionLanguage="${language}">
  <decision id="x"><literalExpression id="l"><text>org.camunda.bpm.X</text></literalExpression></decision>
</definitions>`;
    expect(scanResource(dmn('javascript')).references).toMatchObject([{ kind: 'script', line: 2, column: 52, elementId: 'l' }]);
    expect(scanResource(dmn('juel')).references).toMatchObject([{ kind: 'expression', line: 2, column: 52, elementId: 'l' }]);
  });

  it('finds nothing in a clean model', () => {
    expect(scanResource(BPMN.replace(/org\.camunda\.bpm/g, 'com.acme'))).toMatchObject({ references: [] });
  });

  it("finds the names in an external script's text with their places, not the FEEL engine's", () => {
    const script = "// uses org.camunda.bpm.Old\nvar V = Java.type('org.camunda.bpm.engine.variable.Variables'); var f = 'org.camunda.feel.X';\n";
    expect(scanScriptText(script)).toEqual([
      { line: 1, column: 9, reference: 'org.camunda.bpm.Old' },
      { line: 2, column: 20, reference: 'org.camunda.bpm.engine.variable.Variables' },
    ]);
  });

  it('refuses a text that is not XML', () => {
    expect(() => scanResource('<a><b></a>')).toThrow(XmlSyntaxError);
  });
});

describe('variables', () => {
  const base = { id: 'v1', name: 'order', processDefinitionId: 'p:1:1' };
  it('names org.camunda object types and serialized bytes, not other objects', () => {
    const serialized = Buffer.from('\xac\xed\x00\x05sr\x00\x1eorg.camunda.bpm.engine.Thing', 'latin1').toString('base64');
    expect(
      camundaNameOf({
        ...base,
        type: 'Object',
        value: '{}',
        valueInfo: { objectTypeName: 'org.camunda.spin.Json', serializationDataFormat: 'application/json' },
      }),
    ).toEqual({
      reason: 'object-type',
      reference: 'org.camunda.spin.Json',
    });
    expect(
      camundaNameOf({
        ...base,
        type: 'Object',
        value: serialized,
        valueInfo: { objectTypeName: 'java.util.ArrayList', serializationDataFormat: 'application/x-java-serialized-object' },
      }),
    ).toEqual({
      reason: 'serialized-bytes',
      reference: 'org.camunda.bpm.engine.Thing',
    });
    expect(
      camundaNameOf({
        ...base,
        type: 'Object',
        value: '[]',
        valueInfo: { objectTypeName: 'java.util.ArrayList', serializationDataFormat: 'application/json' },
      }),
    ).toBeUndefined();
    expect(camundaNameOf({ ...base, type: 'String', value: 'org.camunda.bpm.X', valueInfo: {} })).toBeUndefined();
  });

  it('counts by definition and name', () => {
    const tally = new VariableTally();
    const hit = { type: 'Object', value: '{}', valueInfo: { objectTypeName: 'org.camunda.X' } };
    tally.add({ ...base, ...hit });
    tally.add({ ...base, ...hit, id: 'v2' });
    tally.add({ ...base, ...hit, id: 'v3', processDefinitionId: 'p:2:2' });
    tally.add({ ...base, id: 'v4', type: 'String', value: 'x' });
    expect(tally.scanned).toBe(4);
    expect(tally.result().map(({ processDefinitionId, count, exampleId }) => ({ processDefinitionId, count, exampleId }))).toEqual([
      { processDefinitionId: 'p:1:1', count: 2, exampleId: 'v1' },
      { processDefinitionId: 'p:2:2', count: 1, exampleId: 'v3' },
    ]);
  });
});

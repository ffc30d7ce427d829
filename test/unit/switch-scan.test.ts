// engine switch-check's scanners: org.camunda references in a BPMN text with their places, and
// variables whose type name or serialized bytes name org.camunda classes.
import { describe, expect, it } from 'vitest';
import { scanResource, scanScriptText } from '../../src/switching/resource-scan.js';
import { camundaNameOf, VariableTally } from '../../src/switching/variable-scan.js';
import { resourceRemedy, resourceWhy } from '../../src/switching/targets.js';
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
      {
        line: 16,
        column: 58,
        element: 'bpmn:scriptTask',
        elementId: 'external',
        definitionElementId: 'sw',
        resource: 'deployment://x.groovy',
        language: 'groovy',
      },
      {
        line: 19,
        column: 86,
        element: 'camunda:script',
        elementId: 'audited',
        definitionElementId: 'sw',
        resource: 'classpath://audit.groovy',
        language: 'groovy',
      },
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

  it("finds the names in an external script's text with their places, not the FEEL engine's, not in its comments", () => {
    const script = "// uses org.camunda.bpm.Old\nvar V = Java.type('org.camunda.bpm.engine.variable.Variables'); var f = 'org.camunda.feel.X';\n";
    expect(scanScriptText(script, null)).toEqual([
      { line: 1, column: 9, reference: 'org.camunda.bpm.Old' },
      { line: 2, column: 20, reference: 'org.camunda.bpm.engine.variable.Variables' },
    ]);
    expect(scanScriptText(script, 'js')).toEqual([{ line: 2, column: 20, reference: 'org.camunda.bpm.engine.variable.Variables' }]);
  });

  it('gives each reference the process, decision or case that holds it', () => {
    const collaboration = `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d">
  <bpmn:collaboration id="c"><bpmn:participant id="pa" processRef="poolA" /><bpmn:participant id="pb" processRef="poolB" /></bpmn:collaboration>
  <bpmn:process id="poolA" isExecutable="true"><bpmn:serviceTask id="ta" camunda:class="org.camunda.bpm.example.A" /></bpmn:process>
  <bpmn:process id="poolB" isExecutable="true"><bpmn:serviceTask id="tb" camunda:class="org.camunda.bpm.example.B" /></bpmn:process>
</bpmn:definitions>`;
    expect(scanResource(collaboration).references.map(({ definitionElementId, elementId }) => [definitionElementId, elementId])).toEqual([
      ['poolA', 'ta'],
      ['poolB', 'tb'],
    ]);
  });

  it('leaves out prose (documentation, annotations, DMN descriptions) and names of other packages; a reference ends at its class', () => {
    const model = `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d">
  <bpmn:process id="p" isExecutable="true">
    <bpmn:documentation>Uses org.camunda.bpm.engine docs</bpmn:documentation>
    <bpmn:textAnnotation id="a"><bpmn:text>see org.camunda.bpm.X</bpmn:text></bpmn:textAnnotation>
    <bpmn:scriptTask id="s" scriptFormat="groovy"><bpmn:script>def c = org.camunda.bpm.engine.impl.context.Context.getProcessEngineConfiguration()
def f = com.myorg.camunda.Flag.on; def g = org.camundafoo.X</bpmn:script></bpmn:scriptTask>
  </bpmn:process>
</bpmn:definitions>`;
    expect(scanResource(model).references.map(({ line, column, reference }) => [line, column, reference])).toEqual([
      [5, 72, 'org.camunda.bpm.engine.impl.context.Context'],
    ]);
    const dmn = `<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d"><decision id="x"><description>org.camunda.bpm.X</description></decision></definitions>`;
    expect(scanResource(dmn).references).toEqual([]);
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

  it('finds an org.camunda name anywhere in a type name, and skips the FEEL engine and look-alike packages', () => {
    const object = (objectTypeName: string, value = '{}', serializationDataFormat = 'application/json') => ({
      ...base,
      type: 'Object',
      value,
      valueInfo: { objectTypeName, serializationDataFormat },
    });
    expect(camundaNameOf(object('java.util.ArrayList<org.camunda.bpm.example.Line>'))).toEqual({
      reason: 'object-type',
      reference: 'org.camunda.bpm.example.Line',
    });
    expect(camundaNameOf(object('[Lorg.camunda.bpm.example.Line;'))).toEqual({ reason: 'object-type', reference: 'org.camunda.bpm.example.Line' });
    expect(camundaNameOf(object('com.myorg.camunda.Order'))).toBeUndefined();
    expect(camundaNameOf(object('org.camunda.feel.syntaxtree.Val'))).toBeUndefined();
    const bytes = (text: string) => Buffer.from(`\xac\xed\x00\x05sr\x00${text}`, 'latin1').toString('base64');
    const serialized = (text: string) => object('java.util.HashMap', bytes(text), 'application/x-java-serialized-object');
    expect(camundaNameOf(serialized('\x1forg.camunda.feel.X\x00Lorg/camunda/bpm/Y;'))).toEqual({ reason: 'serialized-bytes', reference: 'org.camunda.bpm.Y' });
    expect(camundaNameOf(serialized('\x10com.myorg.camunda.Z'))).toBeUndefined();
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

describe('why and remedy', () => {
  it("names the renamed class only for packages Camunda ships; an application's own class says so", () => {
    expect(resourceWhy('script', 'org.camunda.bpm.engine.variable.Variables', 'operaton')).toBe(
      "the script names org.camunda.bpm.engine.variable.Variables; Operaton renamed Camunda's packages to org.operaton (org.operaton.bpm.engine.variable.Variables), so the script fails when it runs",
    );
    expect(resourceWhy('class', 'org.camunda.bpm.example.ShippingDelegate', 'cibseven')).toBe(
      "the engine loads org.camunda.bpm.example.ShippingDelegate by name; CIB seven renamed Camunda's org.camunda packages to org.cibseven and maps the old name only with useCibSevenNamespaceInReflection=true (default false), unless it is a class of the application's own (in no package Camunda ships) that the application still provides",
    );
  });

  it('tells to deploy an external script together with its model', () => {
    expect(resourceRemedy('script', 'operaton', 'process', { script: 'total.js', model: 'order.bpmn' })).toBe(
      "rewrite total.js and deploy it again together with order.bpmn as a new version (deployment:// finds a script only in the model's own deployment), then move the running instances with `migration sweep`",
    );
  });
});

// engine switch-check on CMMN: the resource scanner reads the camunda CMMN namespace's class
// attributes as classes, camunda:script in a case execution listener as a script, and other
// attributes and texts as expressions, each with its line:column.
import { describe, expect, it } from 'vitest';
import { scanResource } from '../../src/switching/resource-scan.js';

const CMMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/CMMN/20151109/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/cmmn" targetNamespace="t" id="d">
  <case id="loan">
    <casePlanModel id="plan">
      <extensionElements>
        <camunda:caseExecutionListener event="close" class="org.camunda.x.AuditListener" />
        <camunda:caseExecutionListener event="terminate">
          <camunda:script scriptFormat="javascript">var V = Java.type('org.camunda.bpm.engine.variable.Variables');</camunda:script>
        </camunda:caseExecutionListener>
        <camunda:caseExecutionListener event="complete">
          <camunda:script scriptFormat="groovy" resource="deployment://audit.groovy" />
        </camunda:caseExecutionListener>
      </extensionElements>
      <planItem id="item" definitionRef="review" />
      <humanTask id="review" camunda:assignee="demo">
        <extensionElements>
          <camunda:caseExecutionListener event="close" delegateExpression="\${org.camunda.spin.Spin.S('x')}" />
          <camunda:variableListener event="create" class="org.camunda.x.VariableAudit" />
        </extensionElements>
      </humanTask>
    </casePlanModel>
  </case>
</definitions>`;

const placed = (text: string) =>
  scanResource(text).references.map(({ kind, line, column, element, attribute, elementId, reference }) => ({
    kind,
    line,
    column,
    element,
    attribute,
    elementId,
    reference,
  }));

describe('scanResource on CMMN', () => {
  it('finds listener classes, a listener script and an expression with their places', () => {
    expect(placed(CMMN)).toEqual([
      {
        kind: 'class',
        line: 6,
        column: 54,
        element: 'camunda:caseExecutionListener',
        attribute: 'class',
        elementId: 'plan',
        reference: 'org.camunda.x.AuditListener',
      },
      {
        kind: 'script',
        line: 8,
        column: 72,
        element: 'camunda:script',
        attribute: null,
        elementId: 'plan',
        reference: 'org.camunda.bpm.engine.variable.Variables',
      },
      {
        kind: 'expression',
        line: 17,
        column: 56,
        element: 'camunda:caseExecutionListener',
        attribute: 'delegateExpression',
        elementId: 'review',
        reference: 'org.camunda.spin.Spin',
      },
      {
        kind: 'class',
        line: 18,
        column: 52,
        element: 'camunda:variableListener',
        attribute: 'class',
        elementId: 'review',
        reference: 'org.camunda.x.VariableAudit',
      },
    ]);
  });

  it('names an external listener script as not scanned', () => {
    expect(scanResource(CMMN).externalScripts).toEqual([
      {
        line: 11,
        column: 49,
        element: 'camunda:script',
        elementId: 'plan',
        definitionElementId: 'loan',
        resource: 'deployment://audit.groovy',
        language: 'groovy',
      },
    ]);
  });

  it('reads class only in the camunda CMMN namespace as a class name', () => {
    const foreign = CMMN.replace('http://camunda.org/schema/1.0/cmmn', 'http://example.org/other');
    expect(placed(foreign).filter((found) => found.attribute === 'class')).toMatchObject([
      { kind: 'expression', reference: 'org.camunda.x.AuditListener' },
      { kind: 'expression', reference: 'org.camunda.x.VariableAudit' },
    ]);
  });

  it('finds nothing in a clean case', () => {
    expect(scanResource(CMMN.replace(/org\.camunda\./g, 'com.acme.'))).toMatchObject({ references: [] });
  });
});

describe('scanResource on BPMN listeners', () => {
  it('reads the unprefixed class of a camunda listener element as a class name, and the resource of a listener script', () => {
    const bpmn = `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d">
  <bpmn:process id="p"><bpmn:extensionElements>
    <camunda:executionListener event="start" class="org.camunda.x.Listener" />
    <camunda:executionListener event="end"><camunda:script scriptFormat="groovy" resource="x.groovy" /></camunda:executionListener>
  </bpmn:extensionElements></bpmn:process>
</bpmn:definitions>`;
    const scan = scanResource(bpmn);
    expect(scan.references).toMatchObject([{ kind: 'class', line: 3, column: 46, attribute: 'class', elementId: 'p' }]);
    expect(scan.externalScripts).toEqual([
      { line: 4, column: 82, element: 'camunda:script', elementId: 'p', definitionElementId: 'p', resource: 'x.groovy', language: 'groovy' },
    ]);
  });
});

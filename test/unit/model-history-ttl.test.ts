// The history time-to-live check of model files (src/model-files/history-ttl.ts): the engine's rule
// for a value (each verdict below was the same on Camunda 7.24, Operaton 2.1 and CIB seven 2.2,
// /work/notes/walk-33-files.md), which elements need one, and which namespaces each product reads.
import { describe, expect, it } from 'vitest';
import { historyTimeToLiveRefusal, historyTtlProblems } from '../../src/model-files/history-ttl.js';
import type { ModelKind } from '../../src/model-files/kinds.js';
import { readModelResource } from '../../src/model-files/resource.js';

describe('a historyTimeToLive value, as the engine parses it', () => {
  it.each(['30', 'P30D', '+30', 'P030D', '-0', '0', '2147483647', '\u0663\u0660'])('takes %j', (value) => {
    expect(historyTimeToLiveRefusal(value)).toBeUndefined();
  });

  it('takes an empty value for none', () => {
    expect(historyTimeToLiveRefusal('')).toBeUndefined();
  });

  it.each([
    ['30 days', 'Cannot parse historyTimeToLive: For input string: "30 days"'],
    ['P1M', 'Cannot parse historyTimeToLive: For input string: "P1M"'],
    ['PT24H', 'Cannot parse historyTimeToLive: For input string: "PT24H"'],
    [' 30', 'Cannot parse historyTimeToLive: For input string: " 30"'],
    ['99999999999', 'Cannot parse historyTimeToLive: For input string: "99999999999"'],
    ['2147483648', 'Cannot parse historyTimeToLive: For input string: "2147483648"'],
    ['P-5D', 'Cannot parse historyTimeToLive: For input string: "P-5D"'],
    ['-5', 'Cannot parse historyTimeToLive: negative value is not allowed'],
    ['-2147483648', 'Cannot parse historyTimeToLive: negative value is not allowed'],
    ['+', 'Cannot parse historyTimeToLive: For input string: "+"'],
    ['${ttl}', 'Cannot parse historyTimeToLive: For input string: "${ttl}"'],
  ])('refuses %j: %s', (value, refusal) => {
    expect(historyTimeToLiveRefusal(value)).toBe(refusal);
  });
});

const BPMN = (process: string) =>
  `<?xml version="1.0"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
    xmlns:operaton="http://operaton.org/schema/1.0/bpmn" xmlns:activiti="http://activiti.org/bpmn" id="d" targetNamespace="t">
  ${process}
</bpmn:definitions>`;

function problems(kind: ModelKind, text: string, allowMissing = false) {
  return historyTtlProblems(readModelResource(`x.${kind}`, kind, text), { allowMissing }).map(({ line, column, severity, check, element, id, message }) => ({
    at: `${line}:${column}`,
    severity,
    check,
    element,
    id,
    message,
  }));
}

describe('the processes, decisions and cases of a file', () => {
  it('names an executable process without one, at its start tag', () => {
    expect(problems('bpmn', BPMN('<bpmn:process id="invoice" isExecutable="true"/>'))).toEqual([
      {
        at: '4:3',
        severity: 'error',
        check: 'history-ttl-missing',
        element: 'process',
        id: 'invoice',
        message: "process 'invoice' has no historyTimeToLive (the engine refuses to deploy it: ENGINE-12018 History Time To Live (TTL) cannot be null)",
      },
    ]);
  });

  it('leaves out processes the engine does not deploy, and takes isExecutable in any case as Java does', () => {
    expect(problems('bpmn', BPMN('<bpmn:process id="a"/><bpmn:process id="b" isExecutable="false"/><bpmn:process id="c" isExecutable=" true"/>'))).toEqual([]);
    expect(problems('bpmn', BPMN('<bpmn:process id="a" isExecutable="True"/>')).map((problem) => problem.id)).toEqual(['a']);
  });

  it('places an invalid value at its attribute, in the engine words', () => {
    expect(problems('bpmn', BPMN('<bpmn:process id="p" isExecutable="true" camunda:historyTimeToLive="30 days"/>'))).toEqual([
      expect.objectContaining({
        at: '4:44',
        check: 'history-ttl-invalid',
        message:
          'process \'p\' has an invalid camunda:historyTimeToLive "30 days" (the engine refuses it: Cannot parse historyTimeToLive: For input string: "30 days")',
      }),
    ]);
  });

  it('calls an empty value none', () => {
    expect(problems('bpmn', BPMN('<bpmn:process id="p" isExecutable="true" camunda:historyTimeToLive=""/>'))[0]?.message).toContain(
      "process 'p' has an empty historyTimeToLive, which the engine takes for none",
    );
  });

  it('warns of a value only some products read', () => {
    const operaton = problems('bpmn', BPMN('<bpmn:process id="p" isExecutable="true" operaton:historyTimeToLive="30"/>'));
    expect(operaton).toEqual([expect.objectContaining({ severity: 'warning', check: 'history-ttl-namespace' })]);
    expect(operaton[0]!.message).toContain('only as operaton:historyTimeToLive, which Camunda 7 and CIB seven do not read');
    const activiti = problems('bpmn', BPMN('<bpmn:process id="p" isExecutable="true" activiti:historyTimeToLive="30"/>'));
    expect(activiti[0]!.message).toContain('only as activiti:historyTimeToLive, which Operaton does not read');
    expect(problems('bpmn', BPMN('<bpmn:process id="p" isExecutable="true" operaton:historyTimeToLive="30" activiti:historyTimeToLive="30"/>'))).toEqual([]);
    expect(problems('bpmn', BPMN('<bpmn:process id="p" isExecutable="true" camunda:historyTimeToLive="P30D"/>'))).toEqual([]);
  });

  it('checks every value a product reads', () => {
    const found = problems('bpmn', BPMN('<bpmn:process id="p" isExecutable="true" camunda:historyTimeToLive="30" operaton:historyTimeToLive="x"/>'));
    expect(found).toEqual([expect.objectContaining({ check: 'history-ttl-invalid', message: expect.stringContaining('operaton:historyTimeToLive "x"') })]);
  });

  it('with allowMissing, reports invalid values only', () => {
    const text = BPMN('<bpmn:process id="a" isExecutable="true"/><bpmn:process id="b" isExecutable="true" camunda:historyTimeToLive="-1"/>');
    expect(problems('bpmn', text, true).map((problem) => [problem.id, problem.check])).toEqual([['b', 'history-ttl-invalid']]);
  });

  it('needs one on every decision of a DMN file, in the camunda (or operaton) namespace', () => {
    const dmn = `<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" xmlns:camunda="http://camunda.org/schema/1.0/dmn"
  xmlns:bpmnCamunda="http://camunda.org/schema/1.0/bpmn" id="d" name="d" namespace="n">
  <decision id="a" camunda:historyTimeToLive="180"><literalExpression><text>1</text></literalExpression></decision>
  <decision id="b" bpmnCamunda:historyTimeToLive="180"/>
  <inputData id="c"/>
</definitions>`;
    expect(problems('dmn', dmn)).toEqual([expect.objectContaining({ at: '4:3', element: 'decision', id: 'b', check: 'history-ttl-missing' })]);
  });

  it('needs one on every case of a CMMN file', () => {
    const cmmn = `<cmmn:definitions xmlns:cmmn="http://www.omg.org/spec/CMMN/20151109/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/cmmn" id="d">
  <cmmn:case id="ok" camunda:historyTimeToLive="P7D"/><cmmn:case id="none"/>
</cmmn:definitions>`;
    expect(problems('cmmn', cmmn)).toEqual([expect.objectContaining({ at: '2:55', element: 'case', id: 'none' })]);
  });

  it('looks only at the root element children', () => {
    expect(problems('bpmn', BPMN('<bpmn:collaboration id="c"><bpmn:process id="nested" isExecutable="true"/></bpmn:collaboration>'))).toEqual([]);
  });
});

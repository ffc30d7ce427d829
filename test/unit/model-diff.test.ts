// Reading BPMN models (src/bpmn/model.ts) and comparing two of them (src/migration/model-diff.ts),
// on the simulator's real model files and on small documents made here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ModelError, type ProcessModel, parseProcessModel } from '../../src/bpmn/model.js';
import { worthMapping } from '../../src/migration/activity-kinds.js';
import { similarity } from '../../src/migration/mapping-suggestions.js';
import { diffModels } from '../../src/migration/model-diff.js';

const model = (file: string) => parseProcessModel(readFileSync(new URL(`../simulator/models/${file}`, import.meta.url), 'utf8'), 'invoice-approval');

function document(body: string, processId = 'p'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="${processId}" isExecutable="true">${body}</bpmn:process>
</bpmn:definitions>`;
}

describe('parseProcessModel', () => {
  it('reads activities in document order with their type, trigger, scope, multi-instance and camunda: attributes', async () => {
    const v1 = await model('invoice-approval.v1.bpmn');
    expect(v1.processId).toBe('invoice-approval');
    expect(v1.activities.map((activity) => activity.id)).toEqual([
      'start',
      'approve',
      'reminder',
      'sendReminder',
      'reminderSent',
      'checkBudget',
      'signOff',
      'archive',
      'end',
      'cancellation',
      'cancelRequested',
      'cancelled',
    ]);
    const byId = new Map(v1.activities.map((activity) => [activity.id, activity]));
    expect(byId.get('reminder')).toMatchObject({
      type: 'boundaryEvent',
      attachedTo: 'approve',
      interrupting: false,
      trigger: { kind: 'timer', detail: 'timeDuration PT1H' },
    });
    expect(byId.get('checkBudget')).toMatchObject({ type: 'serviceTask', implementation: 'class', asyncBefore: true });
    expect(byId.get('sendReminder')).toMatchObject({ implementation: 'external' });
    expect(byId.get('signOff')).toMatchObject({ multiInstance: 'parallel' });
    expect(byId.get('archive')).toMatchObject({ type: 'callActivity', calledElement: 'archive-invoice' });
    expect(byId.get('cancellation')).toMatchObject({ type: 'subProcess', eventSubProcess: true, parentId: null });
    expect(byId.get('cancelRequested')).toMatchObject({
      parentId: 'cancellation',
      interrupting: true,
      trigger: { kind: 'message', detail: 'InvoiceCancelled' },
    });
    expect(byId.get('approve')).toMatchObject({ name: 'Approve invoice', incoming: ['Flow_start'], outgoing: ['Flow_approved'] });
  });

  it('takes flows from the sequence flows, not from optional <incoming> elements', async () => {
    const parsed = await parseProcessModel(
      document('<bpmn:startEvent id="s"/><bpmn:userTask id="u"/><bpmn:sequenceFlow id="f" sourceRef="s" targetRef="u"/><bpmn:dataObject id="data"/>'),
      'p',
    );
    expect(parsed.activities.map((activity) => [activity.id, activity.incoming, activity.outgoing])).toEqual([
      ['s', [], ['f']],
      ['u', ['f'], []],
    ]);
    expect(parsed.flows).toEqual([{ id: 'f', sourceId: 's', targetId: 'u' }]);
  });

  it('picks the process whose id is the key when the document has several', async () => {
    const xml = document('<bpmn:userTask id="a"/>', 'other').replace(
      '</bpmn:definitions>',
      '<bpmn:process id="key"><bpmn:userTask id="b"/></bpmn:process></bpmn:definitions>',
    );
    expect((await parseProcessModel(xml, 'key')).activities.map((activity) => activity.id)).toEqual(['b']);
    await expect(parseProcessModel(xml, 'nope')).rejects.toThrow(new ModelError("the document has no process 'nope' (processes: other, key)"));
  });

  it('refuses what is not BPMN with a ModelError of one line', async () => {
    await expect(parseProcessModel('<not xml', 'p')).rejects.toBeInstanceOf(ModelError);
    await expect(parseProcessModel('<not xml', 'p')).rejects.toThrow(/^not a BPMN 2.0 document: [^\n]+$/);
    await expect(parseProcessModel('<?xml version="1.0"?><foo/>', 'p')).rejects.toThrow(
      'not a BPMN 2.0 document: failed to parse document as <bpmn:Definitions>',
    );
  });
});

describe('diffModels on the renamed-task pair', () => {
  const statistics = [
    { id: 'approve', instances: 2 },
    { id: 'checkBudget', instances: 1 },
  ];
  const pair = async (): Promise<[ProcessModel, ProcessModel]> => Promise.all([model('invoice-approval.v1.bpmn'), model('invoice-approval.v2.bpmn')]);

  it('suggests approve -> approveInvoice first, with high confidence and its reasons', async () => {
    const diff = diffModels(...(await pair()), statistics);
    expect(diff.suggestions.map((suggestion) => [suggestion.sourceActivityId, suggestion.targetActivityId, suggestion.level])).toEqual([
      ['approve', 'approveInvoice', 'high'],
      ['sendReminder', 'notifyApprover', 'medium'],
      ['reminder', 'reminder', 'high'],
    ]);
    const [first] = diff.suggestions;
    expect(first?.instances).toBe(2);
    expect(first?.reasons).toEqual([
      'same type (userTask)',
      "same name 'Approve invoice'",
      'similar id (approve, approveInvoice)',
      'same position: after start, before checkBudget',
      'same sequence flows (Flow_start in, Flow_approved out)',
    ]);
    // The boundary event follows its host, and its changed timer is pointed out.
    expect(diff.suggestions[2]?.reasons.join('; ')).toContain('attached to approve -> approveInvoice, suggested');
    expect(diff.suggestions[2]?.reasons.join('; ')).toContain('add updateEventTrigger: true');
  });

  it('classifies every activity and says what changed', async () => {
    const diff = diffModels(...(await pair()), statistics);
    const status = Object.fromEntries(diff.activities.map((row) => [row.id, row.status]));
    expect(status).toMatchObject({
      start: 'same',
      approve: 'only-in-source',
      approveInvoice: 'only-in-target',
      reviewInvoice: 'only-in-target',
      checkBudget: 'type-changed',
      reminder: 'changed',
      signOff: 'changed',
      archive: 'same',
      cancellation: 'same',
    });
    const notes = (id: string) => diff.activities.find((row) => row.id === id)?.notes.join('\n') ?? '';
    expect(notes('reminder')).toContain('trigger changed from timer timeDuration PT1H to timer timeDuration PT2H');
    expect(notes('signOff')).toContain('multi-instance changed from parallel to sequential');
    expect(notes('checkBudget')).toBe('type changed from serviceTask (class) to userTask: the engine cannot map one to the other');
    expect(diff.unmappedWithInstances).toEqual([{ activityId: 'checkBudget', instances: 1, reason: 'its type changed' }]);
    expect(diff.summary).toEqual({ same: 7, changed: 2, typeChanged: 1, onlyInSource: 2, onlyInTarget: 3, suggestions: 3, unmappedWithInstances: 1 });
  });

  it('suggests nothing for activities of different types, and names the instances that nothing maps', async () => {
    const source = await parseProcessModel(document('<bpmn:userTask id="review" name="Review"/>'), 'p');
    const target = await parseProcessModel(document('<bpmn:receiveTask id="reviewed" name="Review"/>'), 'p');
    const diff = diffModels(source, target, [{ id: 'review', instances: 4 }]);
    expect(diff.suggestions).toEqual([]);
    expect(diff.unmappedWithInstances).toEqual([{ activityId: 'review', instances: 4, reason: 'not in the target, and no activity there is like it' }]);
  });
});

describe('similarity and worthMapping', () => {
  it('finds ids and names alike by their words and by edits', () => {
    expect(similarity('approve', 'approveInvoice')).toBeCloseTo(2 / 3);
    expect(similarity('Approve invoice', 'approve_invoice')).toBe(1);
    expect(similarity('approve', 'archive')).toBeLessThan(0.5);
  });

  it('counts wait states and asynchronous continuations, not activities passed in one transaction', async () => {
    const parsed = await parseProcessModel(
      document(
        '<bpmn:startEvent id="s"/><bpmn:serviceTask id="sync" camunda:class="X"/><bpmn:serviceTask id="async" camunda:asyncBefore="true" camunda:class="X"/><bpmn:userTask id="u"/><bpmn:exclusiveGateway id="g"/><bpmn:endEvent id="e"/>',
      ),
      'p',
    );
    expect(parsed.activities.filter(worthMapping).map((activity) => activity.id)).toEqual(['async', 'u']);
  });
});

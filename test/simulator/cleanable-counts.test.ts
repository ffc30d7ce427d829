// The cleanable reports' counts of cleanable-counts.ts, over the real socket. Goes with cleanable-counts.ts
// when helper clean's reports replace it at the merge (/work/notes/ttl-note-for-clean.md).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get } from './client.js';
import { SEEDED_DECISION_DEFINITION_IDS as DECISIONS, SEEDED_PROCESS_DEFINITION_IDS as DEFS, startSimulator } from './index.js';
import type { Simulator } from './index.js';

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator();
});

afterEach(async () => {
  await sim.close();
});

describe('the cleanable reports', () => {
  it('count finished process instances per definition, every readable definition, by key when asked', async () => {
    const [first] = sim.state.processInstances.filter((instance) => instance.definitionId === DEFS.invoiceV1);
    sim.state.endProcessInstance(first!.id);
    const report = await get(sim, '/history/process-definition/cleanable-process-instance-report?processDefinitionKeyIn=invoice');
    expect(report.body).toEqual([
      {
        processDefinitionId: DEFS.invoiceV1,
        processDefinitionKey: 'invoice',
        processDefinitionName: 'Invoice Receipt',
        processDefinitionVersion: 1,
        historyTimeToLive: 45,
        finishedProcessInstanceCount: 1,
        cleanableProcessInstanceCount: 0,
        tenantId: null,
      },
      expect.objectContaining({ processDefinitionId: DEFS.invoiceV2, finishedProcessInstanceCount: 0 }),
    ]);
    expect((await get(sim, '/history/process-definition/cleanable-process-instance-report/count')).body).toEqual({ count: 9 });
    expect((await get(sim, '/history/process-definition/cleanable-process-instance-report/count?compact=true')).body).toEqual({ count: 1 });
  });

  it('count evaluations per decision definition, by tenant when asked', async () => {
    const report = await get(sim, '/history/decision-definition/cleanable-decision-instance-report?tenantIdIn=tenant-a');
    expect(report.body).toEqual([
      {
        decisionDefinitionId: DECISIONS.classificationTenantA,
        decisionDefinitionKey: 'invoice-classification',
        decisionDefinitionName: 'Invoice Classification',
        decisionDefinitionVersion: 1,
        historyTimeToLive: 10,
        finishedDecisionInstanceCount: 4,
        cleanableDecisionInstanceCount: 0,
        tenantId: 'tenant-a',
      },
    ]);
    expect(
      (
        (await get(sim, '/history/decision-definition/cleanable-decision-instance-report?sortBy=finished&sortOrder=desc')).body as {
          decisionDefinitionId: string;
        }[]
      ).map((row) => row.decisionDefinitionId),
    ).toEqual([DECISIONS.classificationV1, DECISIONS.assignApproverV1, DECISIONS.classificationV2, DECISIONS.classificationTenantA]);
  });
});

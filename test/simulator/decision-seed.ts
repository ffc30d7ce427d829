// The seeded decision definitions (DMN): what a 7.20+ upgrade leaves behind. The invoice example's
// invoice-classification:1 was deployed before the upgrade and has no history time-to-live; its
// version 2, deployed since, has one; a tenant's copy of a key shows the tenant column. Kept free of
// imports so that state.ts can seed them without a cycle.

/**
 * A deployed decision definition: the fields of the engine's DecisionDefinitionDto (decision-definition.ts
 * `decisionDefinitionDto` serializes exactly those, in the engine's order), plus the deployment time
 * and how many historic decision instances (evaluations) it has: the cleanable decision report counts them.
 */
export interface DecisionDefinitionRecord {
  id: string;
  key: string;
  category: string;
  name: string | null;
  version: number;
  resource: string;
  deploymentId: string;
  tenantId: string | null;
  decisionRequirementsDefinitionId: string | null;
  decisionRequirementsDefinitionKey: string | null;
  historyTimeToLive: number | null;
  versionTag: string | null;
  /** Engine date format; orders `sortBy=deployTime`... and nothing else here. */
  deployTime: string;
  /** Finished historic decision instances: one per evaluation (each decision of a DRD its own). */
  evaluations: number;
  /** What GET /decision-definition/{id}/xml answers; absent: a minimal DMN 1.3 document of this decision (decision-definition.ts). */
  dmnXml?: string;
}

export const SEEDED_DECISION_DEFINITION_IDS = {
  classificationV1: 'invoice-classification:1:9b1a1e10-e5fe-11f1-a2ca-02fc00000001',
  classificationV2: 'invoice-classification:2:9b1a1e10-e5fe-11f1-a2ca-02fc00000002',
  assignApproverV1: 'invoice-assign-approver:1:9b1a1e10-e5fe-11f1-a2ca-02fc00000003',
  classificationTenantA: 'invoice-classification:1:9b1a1e10-e5fe-11f1-a2ca-02fc00000004',
} as const;

export function seedDecisionDefinitions(): DecisionDefinitionRecord[] {
  const common = {
    category: 'http://camunda.org/schema/1.0/dmn',
    versionTag: null,
    decisionRequirementsDefinitionId: null,
    decisionRequirementsDefinitionKey: null,
  };
  return [
    {
      ...common,
      id: SEEDED_DECISION_DEFINITION_IDS.classificationV1,
      key: 'invoice-classification',
      name: 'Invoice Classification',
      version: 1,
      resource: 'invoiceBusinessDecisions.dmn',
      deploymentId: '9b1a1e10-e5fe-11f1-a2ca-02fc000000d1',
      tenantId: null,
      historyTimeToLive: null,
      deployTime: '2023-05-02T09:00:00.000+0000',
      evaluations: 120,
    },
    {
      ...common,
      id: SEEDED_DECISION_DEFINITION_IDS.classificationV2,
      key: 'invoice-classification',
      name: 'Invoice Classification',
      version: 2,
      resource: 'invoiceBusinessDecisions.dmn',
      deploymentId: '9b1a1e10-e5fe-11f1-a2ca-02fc000000d2',
      tenantId: null,
      historyTimeToLive: 45,
      deployTime: '2025-11-20T09:00:00.000+0000',
      evaluations: 30,
    },
    {
      ...common,
      id: SEEDED_DECISION_DEFINITION_IDS.assignApproverV1,
      key: 'invoice-assign-approver',
      name: 'Assign Approver Group',
      version: 1,
      resource: 'invoiceBusinessDecisions.dmn',
      deploymentId: '9b1a1e10-e5fe-11f1-a2ca-02fc000000d1',
      tenantId: null,
      historyTimeToLive: null,
      deployTime: '2023-05-02T09:00:00.000+0000',
      evaluations: 118,
    },
    {
      ...common,
      id: SEEDED_DECISION_DEFINITION_IDS.classificationTenantA,
      key: 'invoice-classification',
      name: 'Invoice Classification',
      version: 1,
      resource: 'invoiceBusinessDecisions.dmn',
      deploymentId: '9b1a1e10-e5fe-11f1-a2ca-02fc000000d3',
      tenantId: 'tenant-a',
      historyTimeToLive: 10,
      deployTime: '2025-11-21T09:00:00.000+0000',
      evaluations: 4,
    },
  ];
}

/**
 * The plan file (docs/migration.md): the engine's MigrationPlanDto plus optional definition
 * references and the execute options, or the engine's own MigrationExecutionDto. Strict everywhere,
 * because the engine silently ignores what it does not understand (docs/engine-notes.md#unknown-properties).
 */
import * as z from 'zod';

const activityIds = z.array(z.string().min(1));

export const instructionSchema = z.strictObject({
  sourceActivityIds: activityIds,
  targetActivityIds: activityIds,
  updateEventTrigger: z.boolean().optional(),
});

export const variableValueSchema = z.strictObject({
  value: z.unknown().optional(),
  type: z.string().min(1).optional(),
  valueInfo: z.record(z.string(), z.unknown()).optional(),
});

/** ProcessInstanceQueryDto property names (official OpenAPI, 7.24; rootProcessInstanceId is 7.24 only). */
export const PROCESS_INSTANCE_QUERY_KEYS = [
  'deploymentId',
  'processDefinitionId',
  'processDefinitionKey',
  'processDefinitionKeyIn',
  'processDefinitionKeyNotIn',
  'businessKey',
  'businessKeyLike',
  'caseInstanceId',
  'superProcessInstance',
  'subProcessInstance',
  'superCaseInstance',
  'subCaseInstance',
  'active',
  'suspended',
  'processInstanceIds',
  'withIncident',
  'incidentId',
  'incidentType',
  'incidentMessage',
  'incidentMessageLike',
  'tenantIdIn',
  'withoutTenantId',
  'processDefinitionWithoutTenantId',
  'activityIdIn',
  'rootProcessInstances',
  'leafProcessInstances',
  'rootProcessInstanceId',
  'variables',
  'variableNamesIgnoreCase',
  'variableValuesIgnoreCase',
  'orQueries',
  'sorting',
] as const;

const stringList = z.array(z.string());
const queryVariable = z.strictObject({
  name: z.string(),
  operator: z.enum(['eq', 'neq', 'gt', 'gteq', 'lt', 'lteq', 'like']),
  value: z.unknown(),
});
const sorting = z.strictObject({
  sortBy: z.enum(['instanceId', 'definitionKey', 'definitionId', 'tenantId', 'businessKey']),
  sortOrder: z.enum(['asc', 'desc']),
});

export interface ProcessInstanceQuery {
  [key: string]: unknown;
}

export const processInstanceQuerySchema: z.ZodType<ProcessInstanceQuery> = z.lazy(() =>
  z.strictObject({
    deploymentId: z.string().optional(),
    processDefinitionId: z.string().optional(),
    processDefinitionKey: z.string().optional(),
    processDefinitionKeyIn: stringList.optional(),
    processDefinitionKeyNotIn: stringList.optional(),
    businessKey: z.string().optional(),
    businessKeyLike: z.string().optional(),
    caseInstanceId: z.string().optional(),
    superProcessInstance: z.string().optional(),
    subProcessInstance: z.string().optional(),
    superCaseInstance: z.string().optional(),
    subCaseInstance: z.string().optional(),
    active: z.boolean().optional(),
    suspended: z.boolean().optional(),
    processInstanceIds: stringList.optional(),
    withIncident: z.boolean().optional(),
    incidentId: z.string().optional(),
    incidentType: z.string().optional(),
    incidentMessage: z.string().optional(),
    incidentMessageLike: z.string().optional(),
    tenantIdIn: stringList.optional(),
    withoutTenantId: z.boolean().optional(),
    processDefinitionWithoutTenantId: z.boolean().optional(),
    activityIdIn: stringList.optional(),
    rootProcessInstances: z.boolean().optional(),
    leafProcessInstances: z.boolean().optional(),
    rootProcessInstanceId: z.string().optional(),
    variables: z.array(queryVariable).optional(),
    variableNamesIgnoreCase: z.boolean().optional(),
    variableValuesIgnoreCase: z.boolean().optional(),
    orQueries: z.array(processInstanceQuerySchema).optional(),
    sorting: z.array(sorting).optional(),
  }),
);

const planFields = {
  source: z.string().min(1).optional(),
  target: z.string().min(1).optional(),
  sourceProcessDefinitionId: z.string().min(1).optional(),
  targetProcessDefinitionId: z.string().min(1).optional(),
  instructions: z.array(instructionSchema).nullable().optional(),
  variables: z.record(z.string(), variableValueSchema).nullable().optional(),
};

const executionFields = {
  processInstanceIds: z.array(z.string().min(1)).nullable().optional(),
  processInstanceQuery: processInstanceQuerySchema.nullable().optional(),
  skipCustomListeners: z.boolean().optional(),
  skipIoMappings: z.boolean().optional(),
};

/** Our plan file: the plan's fields at the top, with references and execute options. */
export const planFileSchema = z.strictObject({ ...planFields, ...executionFields });

/** The engine's execute request, accepted as it is (with references allowed inside migrationPlan). */
export const executionRequestSchema = z.strictObject({
  migrationPlan: z.strictObject(planFields),
  ...executionFields,
});

export type MigrationInstruction = z.infer<typeof instructionSchema>;
export type VariableValue = z.infer<typeof variableValueSchema>;

/** A plan as the tool works with it, whichever shape the file had. */
export interface MigrationPlanFile {
  source?: string | undefined;
  target?: string | undefined;
  sourceProcessDefinitionId?: string | undefined;
  targetProcessDefinitionId?: string | undefined;
  instructions: MigrationInstruction[];
  variables?: Record<string, VariableValue> | undefined;
  processInstanceIds?: string[] | undefined;
  processInstanceQuery?: ProcessInstanceQuery | undefined;
  skipCustomListeners?: boolean | undefined;
  skipIoMappings?: boolean | undefined;
}

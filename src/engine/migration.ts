/** `/migration`: generate and validate plans (docs/engine-notes.md#migration). */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { batchSchema, type Batch } from './batches.js';
import { EngineHttpError } from './errors.js';
import type { EngineHttp } from './http.js';
import { enginePath } from './paths.js';

const activityIdsSchema = lazy(() => z.nullable(z.array(z.nullable(z.string()))));

const migrationInstructionSchema = lazy(() =>
  z.looseObject({
    sourceActivityIds: activityIdsSchema(),
    targetActivityIds: activityIdsSchema(),
    updateEventTrigger: z.optional(z.nullable(z.boolean())),
  }),
);

const variableValueSchema = lazy(() =>
  z.looseObject({
    type: z.optional(z.nullable(z.string())),
    value: z.optional(z.unknown()),
    valueInfo: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  }),
);

const migrationPlanSchema = lazy(() =>
  z.looseObject({
    sourceProcessDefinitionId: z.string(),
    targetProcessDefinitionId: z.string(),
    instructions: z.nullable(z.array(migrationInstructionSchema())),
    variables: z.optional(z.nullable(z.record(z.string(), variableValueSchema()))),
  }),
);

const instructionReportSchema = lazy(() =>
  z.looseObject({
    instruction: z.nullable(migrationInstructionSchema()),
    failures: z.array(z.string()),
  }),
);

const variableReportSchema = lazy(() => z.extend(variableValueSchema(), { failures: z.array(z.string()) }));

/** The 200 body of /migration/validate, and the validationReport of a MigrationPlanValidationException. */
const migrationPlanReportSchema = lazy(() =>
  z.looseObject({
    instructionReports: z.array(instructionReportSchema()),
    variableReports: z.optional(z.nullable(z.record(z.string(), variableReportSchema()))),
  }),
);

export type MigrationPlan = z.infer<ReturnType<typeof migrationPlanSchema>>;
export type MigrationPlanReport = z.infer<ReturnType<typeof migrationPlanReportSchema>>;
export type InstructionReport = z.infer<ReturnType<typeof instructionReportSchema>>;

export interface VariableValueDto {
  type?: string | undefined;
  value?: unknown;
  valueInfo?: Record<string, unknown> | undefined;
}

/** What /migration/validate takes and /migration/generate returns (MigrationPlanDto). */
export interface MigrationPlanRequest {
  sourceProcessDefinitionId: string;
  targetProcessDefinitionId: string;
  instructions: { sourceActivityIds: string[]; targetActivityIds: string[]; updateEventTrigger?: boolean | undefined }[];
  variables?: Record<string, VariableValueDto> | undefined;
}

export interface MigrationGenerationRequest {
  sourceProcessDefinitionId: string;
  targetProcessDefinitionId: string;
  updateEventTriggers?: boolean | undefined;
  variables?: Record<string, VariableValueDto> | undefined;
}

export class MigrationApi {
  constructor(private readonly http: EngineHttp) {}

  /** Maps equal activity ids of compatible types; safe to repeat, it changes nothing. */
  async generate(request: MigrationGenerationRequest): Promise<MigrationPlan> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/migration/generate`,
      body: request,
      schema: migrationPlanSchema(),
      expects: 'a migration plan',
      idempotent: true,
    });
    return response.data;
  }

  /**
   * One transaction: every instance migrates, or none. 204 on success; any other 2xx is someone
   * else's answer (EngineResponseError), after which whether the engine acted is unknown.
   */
  async execute(request: MigrationExecutionRequest, signal?: AbortSignal): Promise<void> {
    // A proxy's empty 200 would pass for a migration that never happened, and a chunk would be
    // journalled done.
    await this.http.request({ method: 'POST', path: enginePath`/migration/execute`, body: request, signal, noContentOnly: true });
  }

  /** Creates a batch; per-instance failures surface later as failed batch jobs. */
  async executeAsync(request: MigrationExecutionRequest): Promise<Batch> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/migration/executeAsync`,
      body: request,
      schema: batchSchema(),
      expects: 'a batch',
    });
    return response.data;
  }

  /** Always 200: failures come back as data, an empty report means valid. */
  async validate(plan: MigrationPlanRequest): Promise<MigrationPlanReport> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/migration/validate`,
      body: plan,
      schema: migrationPlanReportSchema(),
      expects: 'a migration plan report',
      idempotent: true,
    });
    return response.data;
  }
}

/** MigrationExecutionDto: the plan nested, plus the selection and options. */
export interface MigrationExecutionRequest {
  migrationPlan: MigrationPlanRequest;
  processInstanceIds?: string[] | undefined;
  processInstanceQuery?: Record<string, unknown> | undefined;
  skipCustomListeners?: boolean | undefined;
  skipIoMappings?: boolean | undefined;
}

const instanceReportEntrySchema = lazy(() =>
  z.looseObject({
    migrationInstruction: z.optional(z.nullable(migrationInstructionSchema())),
    sourceScopeId: z.optional(z.nullable(z.string())),
    failures: z.array(z.string()),
  }),
);

/** MigratingProcessInstanceValidationReportDto: note `migrationInstruction`, not `instruction`. */
const instanceValidationReportSchema = lazy(() =>
  z.looseObject({
    processInstanceId: z.string(),
    failures: z.array(z.string()),
    activityInstanceValidationReports: z._default(z.array(z.extend(instanceReportEntrySchema(), { activityInstanceId: z.string() })), []),
    transitionInstanceValidationReports: z._default(z.array(z.extend(instanceReportEntrySchema(), { transitionInstanceId: z.string() })), []),
  }),
);

export type InstanceValidationReport = z.infer<ReturnType<typeof instanceValidationReportSchema>>;

/** The plan report carried by a 400 MigrationPlanValidationException, if this error is one. */
export function planValidationReportOf(error: unknown): MigrationPlanReport | undefined {
  if (!(error instanceof EngineHttpError) || error.engineType !== 'MigrationPlanValidationException') return undefined;
  const parsed = migrationPlanReportSchema().safeParse(error.body?.validationReport);
  return parsed.success ? parsed.data : undefined;
}

/** The instance report carried by a 400 MigratingProcessInstanceValidationException, if this error is one. */
export function instanceValidationReportOf(error: unknown): InstanceValidationReport | undefined {
  if (!(error instanceof EngineHttpError) || error.engineType !== 'MigratingProcessInstanceValidationException') return undefined;
  const parsed = instanceValidationReportSchema().safeParse(error.body?.validationReport);
  return parsed.success ? parsed.data : undefined;
}

/** `/migration`: generate and validate plans (engine-rest.md §4). */
import * as z from 'zod';
import { enginePath, type EngineHttp } from './http.js';

const activityIdsSchema = z.array(z.string().nullable()).nullable();

export const migrationInstructionSchema = z.looseObject({
  sourceActivityIds: activityIdsSchema,
  targetActivityIds: activityIdsSchema,
  updateEventTrigger: z.boolean().nullable().optional(),
});

const variableValueSchema = z.looseObject({
  type: z.string().nullable().optional(),
  value: z.unknown().optional(),
  valueInfo: z.record(z.string(), z.unknown()).nullable().optional(),
});

export const migrationPlanSchema = z.looseObject({
  sourceProcessDefinitionId: z.string(),
  targetProcessDefinitionId: z.string(),
  instructions: z.array(migrationInstructionSchema).nullable(),
  variables: z.record(z.string(), variableValueSchema).nullable().optional(),
});

export const instructionReportSchema = z.looseObject({
  instruction: migrationInstructionSchema.nullable(),
  failures: z.array(z.string()),
});

export const variableReportSchema = variableValueSchema.extend({ failures: z.array(z.string()) });

/** The 200 body of /migration/validate, and the validationReport of a MigrationPlanValidationException. */
export const migrationPlanReportSchema = z.looseObject({
  instructionReports: z.array(instructionReportSchema),
  variableReports: z.record(z.string(), variableReportSchema).nullable().optional(),
});

export type MigrationPlan = z.infer<typeof migrationPlanSchema>;
export type MigrationPlanReport = z.infer<typeof migrationPlanReportSchema>;
export type InstructionReport = z.infer<typeof instructionReportSchema>;

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
      schema: migrationPlanSchema,
      expects: 'a migration plan',
      idempotent: true,
    });
    return response.data;
  }

  /** Always 200: failures come back as data, an empty report means valid. */
  async validate(plan: MigrationPlanRequest): Promise<MigrationPlanReport> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/migration/validate`,
      body: plan,
      schema: migrationPlanReportSchema,
      expects: 'a migration plan report',
      idempotent: true,
    });
    return response.data;
  }
}

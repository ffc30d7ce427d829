/**
 * `/variable-instance`: the runtime variables of many instances in one query, to check what a change
 * of variables left on each. Values are read serialized (`deserializeValues=false`): an Object
 * variable's value is its serialized text, and the engine never needs its class.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import type { EngineHttp } from './http.js';
import type { QueryLimit } from './limits.js';
import { enginePath } from './paths.js';

const variableInstanceSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    type: z.optional(z.nullable(z.string())),
    value: z.optional(z.unknown()),
    valueInfo: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    processInstanceId: z.optional(z.nullable(z.string())),
    executionId: z.optional(z.nullable(z.string())),
    errorMessage: z.optional(z.nullable(z.string())),
  }),
);

export type VariableInstance = z.infer<ReturnType<typeof variableInstanceSchema>>;

/** A VariableInstanceQueryDto: `variableName`, `variableScopeIdIn` (the scope's id: a process instance's own is its id), … */
export type VariableInstanceQueryBody = Record<string, unknown>;

export class VariableInstanceApi {
  constructor(private readonly http: EngineHttp) {}

  get queryLimit(): QueryLimit {
    return this.http.queryLimit;
  }

  async query(body: VariableInstanceQueryBody, firstResult: number, maxResults: number): Promise<VariableInstance[]> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/variable-instance`,
      query: { firstResult, maxResults, deserializeValues: false },
      body,
      schema: z.array(variableInstanceSchema()),
      expects: 'a list of variable instances',
      idempotent: true,
    });
    return response.data;
  }
}

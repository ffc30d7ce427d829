/** `/authorization`: schemas and calls (engine-rest.md §1). */
import * as z from 'zod';
import { enginePath, type EngineHttp } from './http.js';

export const authorizationSchema = z.looseObject({
  id: z.string(),
  type: z.number().int(),
  permissions: z.array(z.string()),
  userId: z.string().nullable(),
  groupId: z.string().nullable(),
  resourceType: z.number().int(),
  resourceId: z.string().nullable(),
  removalTime: z.string().nullable().optional(),
  rootProcessInstanceId: z.string().nullable().optional(),
});

export type Authorization = z.infer<typeof authorizationSchema>;

export class AuthorizationApi {
  constructor(private readonly http: EngineHttp) {}

  async get(id: string): Promise<Authorization> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/authorization/${id}`,
      schema: authorizationSchema,
      expects: 'an authorization',
    });
    return response.data;
  }
}

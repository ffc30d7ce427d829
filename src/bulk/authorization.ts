/**
 * What can be checked of the user's rights before a batch is created (--async): CREATE on Batch, or
 * the operation's CREATE_BATCH_* permission (BatchBuilder.permission checks either), through GET
 * /authorization/check. Rights on each object are checked by the batch's jobs later, and fail there.
 * An engine that cannot answer (no authenticated user, an old engine) is not a refusal: the check is
 * skipped, and the engine decides when the batch is created.
 */
import { ChangeFailedError } from '../change/errors.js';
import type { EngineClient } from '../engine/client.js';
import { EngineHttpError } from '../engine/errors.js';

const BATCH_RESOURCE = { resourceName: 'Batch', resourceType: 13 };

/** Throws a `forbidden` failure naming the permission when the engine says the user has neither. */
export async function checkBatchPermission(client: Pick<EngineClient, 'authorizations'>, permission: string): Promise<void> {
  let answers;
  try {
    answers = await Promise.all(['CREATE', permission].map((permissionName) => client.authorizations.check({ permissionName, ...BATCH_RESOURCE })));
  } catch (error) {
    if (error instanceof EngineHttpError && error.status < 500) return;
    throw error;
  }
  if (answers.some((answer) => answer.authorized)) return;
  throw new ChangeFailedError(`the user may not create the batch: it needs CREATE or ${permission} on Batch; nothing was sent`, 'forbidden', {
    hint: `grant it with: camunda-admin auth create --type grant --user USER --resource-type batch --permissions ${permission}`,
  });
}

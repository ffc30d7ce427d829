/**
 * --annotation TEXT: after the change, the user operation log entries it made are found and the
 * annotation set on each of their operations (PUT /history/user-operation/{operationId}/set-annotation).
 * The engine gives each request (each chunk, each batch creation) one operation id shared by all
 * the entries it writes; the annotation is set once per operation id, on all of them.
 *
 * Which entries are this run's: those of the operation's type and entity type, written since the
 * run started (less a minute for the clocks of the tool and the engine), by the user the requests
 * authenticate as, not annotated yet, newest first, as many as the run sent requests. The engine
 * writes them only for an authenticated user (restrictUserOperationLogToAuthenticatedUsers).
 */
import { formatEngineDate } from '../engine/dates.js';
import type { EngineClient } from '../engine/client.js';
import { messageOf } from '../change/errors.js';
import type { OpLogEntryKind } from './operation.js';
import type { BulkHost } from './run-types.js';

/** How far before the run's start an entry may be dated: the engine's clock is not ours. */
const CLOCK_SKEW_MS = 60_000;

export interface AnnotationRequest {
  text: string;
  startedAt: Date;
  /** How many requests the run sent that write an entry (chunks, the canary, the batch). */
  requests: number;
  user: string | undefined;
}

/** Annotates the run's operations; a failure is reported, not thrown: the change is made. Returns the operation ids annotated. */
export async function annotateChange(
  client: EngineClient,
  host: Pick<BulkHost, 'emitBulk'>,
  operation: { opLog: OpLogEntryKind },
  request: AnnotationRequest,
): Promise<string[]> {
  if (request.requests === 0) return [];
  try {
    const entries = await client.opLog.entries(
      {
        operationType: operation.opLog.operationType,
        entityType: operation.opLog.entityType,
        ...(operation.opLog.property === undefined ? {} : { property: operation.opLog.property }),
        afterTimestamp: formatEngineDate(new Date(request.startedAt.getTime() - CLOCK_SKEW_MS)),
        ...(request.user === undefined ? {} : { userId: request.user }),
      },
      Math.max(request.requests * 4, 50),
    );
    const operationIds: string[] = [];
    for (const entry of entries) {
      if (operationIds.length === request.requests) break;
      if (entry.operationId === null || (entry.annotation ?? null) !== null || operationIds.includes(entry.operationId)) continue;
      operationIds.push(entry.operationId);
    }
    if (operationIds.length === 0) {
      host.emitBulk({ type: 'annotation-not-found', operationType: operation.opLog.operationType });
      return [];
    }
    for (const operationId of operationIds) await client.opLog.setAnnotation(operationId, request.text);
    host.emitBulk({ type: 'annotated', operationIds, expected: request.requests });
    return operationIds;
  } catch (error) {
    host.emitBulk({ type: 'annotation-failed', reason: messageOf(error) });
    return [];
  }
}

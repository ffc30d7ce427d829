/**
 * `batch get ID`, as use cases: the batch while it runs, else its history record with how it ended;
 * the engine's own 404 (not found) when it has neither. Terminal-free.
 */
import type { Batch, BatchStatistics, HistoricBatch } from '../engine/batches.js';
import type { EngineClient } from '../engine/client.js';
import { EngineNotFoundError } from '../engine/errors.js';
import { type BatchEnding, batchEnding } from './ending.js';

/** For the table: the runtime batch with its job counts, or its history record and how it ended. */
export type FoundBatch = { source: 'runtime'; batch: BatchStatistics } | { source: 'history'; batch: HistoricBatch; ending: BatchEnding };

/** Undefined only when the batch appeared between the reads (nothing to show, as before). */
export async function findBatch(client: EngineClient, id: string): Promise<FoundBatch | undefined> {
  const running = await client.batches.statistics(id);
  if (running) return { source: 'runtime', batch: running };
  const historic = await client.batches.historic(id);
  if (historic) return { source: 'history', batch: historic, ending: await batchEnding(client.batches, historic) };
  // Neither: let the engine's own 404 speak.
  await client.batches.get(id);
  return undefined;
}

/**
 * For scripts written against the engine: its DTO as it came, no wrapper, no fields of ours; GET
 * /batch/{id}, or once it has ended GET /history/batch/{id}. How a batch known from its history
 * ended is not in it: `ending` asks the job log, once the record is printed.
 */
export type EngineBatchRecord = { source: 'runtime'; record: Batch } | { source: 'history'; record: HistoricBatch; ending: () => Promise<BatchEnding> };

export async function engineBatchRecord(client: EngineClient, id: string): Promise<EngineBatchRecord> {
  try {
    return { source: 'runtime', record: await client.batches.get(id) };
  } catch (error) {
    if (!(error instanceof EngineNotFoundError)) throw error;
    const historic = await client.batches.historic(id);
    if (!historic) throw error;
    return { source: 'history', record: historic, ending: () => batchEnding(client.batches, historic) };
  }
}

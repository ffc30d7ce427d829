/**
 * The engine's own batch types (Batch.java, TYPE_* constants, Camunda 7.24; Operaton and CIB seven
 * have the same). An engine plugin may add types of its own (a BatchJobHandler of its own), so a
 * type not listed here is not refused: `batch list` only says so when nothing matched it.
 */
export const BATCH_TYPES: readonly string[] = [
  'instance-migration',
  'instance-modification',
  'instance-restart',
  'instance-deletion',
  'instance-update-suspension-state',
  'historic-instance-deletion',
  'historic-decision-instance-deletion',
  'set-job-retries',
  'set-external-task-retries',
  'process-set-removal-time',
  'decision-set-removal-time',
  'batch-set-removal-time',
  'set-variables',
  'correlate-message',
];

/**
 * The incident types the engine raises itself (Incident.FAILED_JOB_HANDLER_TYPE and
 * EXTERNAL_TASK_HANDLER_TYPE, Camunda 7.24; Operaton and CIB seven have the same). A custom
 * IncidentHandler may add types of its own, so a type not listed here is not refused: `incident
 * list` only says so when nothing matched it.
 */
export const INCIDENT_TYPES: readonly string[] = ['failedJob', 'failedExternalTask'];

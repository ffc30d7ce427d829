/** The engine's refusal of a migration: its report tables shown, and the failure to end with (exit 3). */
import { ChangeFailedError } from '../change/errors.js';
import { instanceValidationReportOf, planValidationReportOf } from '../engine/migration.js';
import type { MigrationHost } from './run-types.js';

/** Turns the engine's migration validation errors into their report tables and a refusal; any other error is returned as it is. */
export function explainRefusal(host: Pick<MigrationHost, 'showPlanReport' | 'showInstanceReport'>, error: unknown, consequence: string): unknown {
  const planReport = planValidationReportOf(error);
  if (planReport) {
    host.showPlanReport(planReport);
    return new ChangeFailedError(`the engine refused the plan (MigrationPlanValidationException): ${consequence}`, 'refused');
  }
  const instanceReport = instanceValidationReportOf(error);
  if (instanceReport) {
    host.showInstanceReport(instanceReport);
    return new ChangeFailedError(
      `process instance ${instanceReport.processInstanceId} cannot be migrated (MigratingProcessInstanceValidationException): ${consequence}`,
      'refused',
    );
  }
  return error;
}

/** The options of the `incident` commands (./incident.ts declares them, ./incident-actions.ts takes their types). */
import { pagingFlags } from './options.js';
import { flagSpec } from './spec.js';

export const INCIDENT_LIST_FLAGS = flagSpec(
  { flags: '--key <key>', description: 'only incidents of instances of this process definition key' },
  { flags: '--version <version>', description: 'only of this version of --key (every tenant)' },
  { flags: '--definition-id <id>', description: 'only of this process definition id' },
  { flags: '--activity <id>', description: 'only at this activity' },
  { flags: '--type <type>', description: 'only of this incident type (failedJob, failedExternalTask, or a custom one)', completes: 'incident-types' },
  { flags: '--message <text>', description: 'only incidents whose message contains this text' },
  { flags: '--since <date>', description: 'only incidents raised at or after this date (ISO 8601 or an age: 30d, 12h)' },
  { flags: '--until <date>', description: 'only incidents raised before this date' },
  { flags: '--summary', description: 'counts by definition, version, activity, type and first line of the message, with the oldest and newest' },
  ...pagingFlags('every incident, page by page'),
);

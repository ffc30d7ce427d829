/** The filter flags of the `instance` commands turned into the filters of src/bulk/instance-filters.ts, checked (a bad combination: exit 2). */
import type { InstanceFilters } from '../bulk/instance-filters.js';
import { UsageError } from '../exit-codes.js';
import type { InstanceFilterFlags } from './instance-flags.js';
import { wholeNumber } from './options.js';

export function filtersOf(flags: InstanceFilterFlags): InstanceFilters {
  if (flags.version !== undefined && flags.key === undefined) throw new UsageError('--version needs --key');
  if (flags.suspended && flags.active) throw new UsageError('--suspended and --active cannot be combined: an instance is one or the other');
  if (flags.incidentMessage !== undefined && flags.incidentMessage.trim() === '') throw new UsageError('--incident-message: give a part of the message');
  return {
    key: flags.key,
    version: wholeNumber(flags.version, '--version', 1),
    definitionId: flags.definitionId,
    activity: flags.activity,
    withIncident: flags.withIncident,
    incidentMessage: flags.incidentMessage,
    suspended: flags.suspended,
    active: flags.active,
  };
}

/** What the `incident` commands do (declared in ./incident.ts). */
import type { App } from '../app.js';
import { INCIDENT_TYPES } from '../catalogue/incidents.js';
import { engineClient } from '../connection.js';
import { UsageError } from '../exit-codes.js';
import { type IncidentFilter, incidentPages, selectIncidents } from '../incidents/list.js';
import { summarizeIncidents } from '../incidents/summary.js';
import { incidentListView, incidentSummaryView, incidentTableRow } from '../render/incident.js';
import { closest } from '../util/suggest.js';
import { dateFlag } from './dates.js';
import type { INCIDENT_LIST_FLAGS } from './incident-flags.js';
import { listWithLimit } from './listing.js';
import { paging } from './options.js';
import { definitionFilter, filterText, refusePagingWithSummary } from './runtime-filters.js';
import type { FlagsOf } from './spec.js';

function incidentFilter(flags: FlagsOf<typeof INCIDENT_LIST_FLAGS>): IncidentFilter {
  const since = dateFlag(flags.since, '--since');
  const until = dateFlag(flags.until, '--until');
  if (since && until && since.getTime() >= until.getTime()) throw new UsageError('--since must be before --until (--until is exclusive)');
  return {
    ...definitionFilter(flags),
    activityId: filterText(flags.activity, '--activity'),
    type: filterText(flags.type, '--type'),
    message: filterText(flags.message, '--message'),
    since,
    until,
  };
}

function unknownIncidentType(type: string): string {
  const near = closest(type, INCIDENT_TYPES);
  const known = near.length > 0 ? `did you mean ${near.join(', ')}?` : `the engine's are ${INCIDENT_TYPES.join(', ')}`;
  return `--type: no incident of type '${type}', which is not one of the engine's incident types (${known}); a custom incident handler may add types of its own`;
}

export async function listIncidents(app: App, flags: FlagsOf<typeof INCIDENT_LIST_FLAGS>): Promise<void> {
  const filter = incidentFilter(flags);
  refusePagingWithSummary(flags);
  const page = paging(flags);
  const client = await engineClient(app, { bulk: flags.summary === true || page.maxResults === undefined });
  const selection = await selectIncidents(client, filter);
  const output = await app.output();
  let shown: number;
  if (flags.summary) {
    const summary = await summarizeIncidents(client, selection);
    await output.data(summary, incidentSummaryView);
    shown = summary.incidents;
  } else {
    shown = await listWithLimit(output, {
      page,
      fetchPage: (firstResult, maxResults) => client.incidents.page(selection.query, firstResult, maxResults),
      pages: (options) => incidentPages(client, selection, options),
      view: incidentListView,
      noun: 'incidents',
      limit: client.http.queryLimit,
      tableRow: incidentTableRow,
    });
  }
  if (shown === 0 && filter.type !== undefined && !INCIDENT_TYPES.includes(filter.type) && !output.quiet) output.warn(unknownIncidentType(filter.type));
}

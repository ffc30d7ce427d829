/** What the `definition` commands do (declared in ./definition.ts). */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { definitionActivities } from '../definitions/activities.js';
import { countsById, type DefinitionCounts, withCounts } from '../definitions/list.js';
import type { ProcessDefinitionQuery } from '../engine/process-definitions.js';
import { keysNear, parseReference, resolveReference } from '../plans/references.js';
import { definitionListView, definitionView } from '../render/definition.js';
import { readProcessModel } from '../migration/models.js';
import { listWithLimit } from './listing.js';
import type { DEFINITION_LIST_FLAGS, DEFINITION_SHOW_FLAGS } from './definition-flags.js';
import { commaList, paging } from './options.js';
import { UsageError } from '../exit-codes.js';
import type { FlagsOf } from './spec.js';

export async function listDefinitions(app: App, flags: FlagsOf<typeof DEFINITION_LIST_FLAGS>): Promise<void> {
  const page = paging(flags);
  const query: ProcessDefinitionQuery = {
    ...(flags.key !== undefined ? { key: flags.key } : {}),
    ...(flags.latest ? { latestVersion: true } : {}),
    ...tenantFilter(flags),
    // Pages cut by a unique key: rows of equal keys could otherwise be skipped or repeated.
    sortBy: 'id',
    sortOrder: 'asc',
  };
  const client = await engineClient(app, { bulk: page.maxResults === undefined });
  // One request for the counts of every definition, made once and joined to each page.
  let counts: Promise<Map<string, DefinitionCounts>> | undefined;
  const fetchPage = async (firstResult: number, maxResults: number) => {
    counts ??= client.processDefinitions.definitionStatistics({ incidents: true, failedJobs: true }).then(countsById);
    const [definitions, byId] = await Promise.all([client.processDefinitions.list({ ...query, firstResult, maxResults }), counts]);
    return withCounts(definitions, byId);
  };
  const output = await app.output();
  const shown = await listWithLimit(output, { page, fetchPage, view: definitionListView, noun: 'definitions', limit: client.http.queryLimit });
  // A key that matches nothing is most often a typo: say which keys are near, as references do.
  if (shown === 0 && flags.key !== undefined && page.firstResult === 0) {
    output.warn(`no process definition with key '${flags.key}' (${(await keysNear(client.processDefinitions, flags.key)).hint})`);
  }
}

/** --tenant, --without-tenant, --include-without-tenant as the engine's tenantIdIn, withoutTenantId, includeProcessDefinitionsWithoutTenantId. */
function tenantFilter(
  flags: FlagsOf<typeof DEFINITION_LIST_FLAGS>,
): Pick<ProcessDefinitionQuery, 'tenantIdIn' | 'withoutTenantId' | 'includeProcessDefinitionsWithoutTenantId'> {
  // The engine's withoutTenantId silently wins over tenantIdIn: refuse the pair instead.
  if (flags.withoutTenant && flags.tenant !== undefined) throw new UsageError('--tenant and --without-tenant cannot be combined: use --include-without-tenant');
  if (flags.includeWithoutTenant && flags.tenant === undefined) throw new UsageError('--include-without-tenant needs --tenant');
  if (flags.withoutTenant) return { withoutTenantId: true };
  if (flags.tenant === undefined) return {};
  return { tenantIdIn: commaList(flags.tenant, '--tenant'), ...(flags.includeWithoutTenant ? { includeProcessDefinitionsWithoutTenantId: true } : {}) };
}

export async function showDefinition(app: App, referenceText: string, flags: FlagsOf<typeof DEFINITION_SHOW_FLAGS>): Promise<void> {
  const reference = parseReference(referenceText, 'definition');
  const client = await engineClient(app);
  const definition = await resolveReference(client.processDefinitions, reference, { tenant: flags.tenant, where: 'definition' });
  const [model, statistics] = await Promise.all([
    readProcessModel(client.processDefinitions, definition),
    client.processDefinitions.activityStatistics(definition.id, { failedJobs: true, incidents: true }),
  ]);
  await (await app.output()).data({ definition, activities: definitionActivities(model, statistics) }, definitionView);
}

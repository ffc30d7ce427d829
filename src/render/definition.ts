/** Process definitions and their activities as tables (`definition list`, `definition show`). */
import type { DefinitionActivity } from '../definitions/activities.js';
import type { DefinitionRow } from '../definitions/list.js';
import type { ResolvedDefinition } from '../plans/references.js';
import { describeDefinition } from './migration.js';
import type { View } from './output.js';
import { listView, renderTable } from './table.js';

export const definitionListView = listView<DefinitionRow>(
  [
    { name: 'Key', value: (definition) => definition.key, whole: true },
    { name: 'Version', value: (definition) => definition.version, whole: true },
    { name: 'Id', value: (definition) => definition.id, whole: true },
    { name: 'Tenant', value: (definition) => definition.tenantId },
    { name: 'Version tag', value: (definition) => definition.versionTag },
    { name: 'Instances', value: (definition) => definition.statistics?.instances, whole: true },
    { name: 'Incidents', value: (definition, style) => highlighted(definition.statistics?.incidents, style.red), whole: true },
  ],
  'no process definitions',
);

export interface DefinitionDetails {
  definition: ResolvedDefinition;
  activities: DefinitionActivity[];
}

export const definitionView: View<DefinitionDetails> = {
  table({ definition, activities }, style) {
    const heading = `${describeDefinition(definition)}${definition.name ? ` ${definition.name}` : ''}`;
    if (activities.length === 0) return `${heading}\nno activities`;
    const table = renderTable(
      ['Activity', 'Type', 'Name', 'Scope', 'Instances', 'Incidents', 'Failed jobs'],
      activities.map((activity) => [
        activity.id,
        activity.type,
        activity.name,
        activity.scope,
        activity.instances,
        highlighted(activity.incidents, style.red),
        highlighted(activity.failedJobs, style.red),
      ]),
      style,
    );
    return `${heading}\n${table}`;
  },
};

function highlighted(count: number | undefined, colour: (text: string) => string): string | undefined {
  if (count === undefined) return undefined;
  return count > 0 ? colour(String(count)) : String(count);
}

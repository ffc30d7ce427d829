/**
 * A definition's activities for `definition show`: each activity of its BPMN model, in document
 * order, with what the engine's statistics count on it. A multi-instance activity is followed by its
 * body (`ID#multiInstanceBody`), an activity of its own for the engine: plans map it separately.
 */
import type { ModelActivity, ProcessModel } from '../bpmn/model.js';
import { type ActivityStatistics, incidentCount } from '../engine/process-definitions.js';
import { describeType, MULTI_INSTANCE_BODY } from '../migration/activity-kinds.js';

export interface DefinitionActivity {
  id: string;
  /** As `describeType` words it: `boundaryEvent (timer, non-interrupting)`; `multiInstanceBody` for a body. */
  type: string;
  name: string | null;
  /** The enclosing sub-process, or the activity a boundary event is attached to; null at process level. */
  scope: string | null;
  instances: number;
  incidents: number;
  failedJobs: number;
}

export function definitionActivities(model: ProcessModel, statistics: readonly ActivityStatistics[]): DefinitionActivity[] {
  const byId = new Map(statistics.map((row) => [row.id, row]));
  const counted = (id: string) => {
    const row = byId.get(id);
    byId.delete(id);
    return { instances: row?.instances ?? 0, incidents: row ? incidentCount(row) : 0, failedJobs: row?.failedJobs ?? 0 };
  };
  const rows: DefinitionActivity[] = [];
  for (const activity of model.activities) {
    rows.push({ id: activity.id, type: describeType(activity), name: activity.name, scope: scopeOf(activity), ...counted(activity.id) });
    if (activity.multiInstance) {
      const body = `${activity.id}${MULTI_INSTANCE_BODY}`;
      rows.push({ id: body, type: 'multiInstanceBody', name: activity.name, scope: activity.parentId, ...counted(body) });
    }
  }
  // What the statistics count on an id the model does not have (a model read wrongly) is shown, not lost.
  for (const id of [...byId.keys()]) rows.push({ id, type: '(not in the model)', name: null, scope: null, ...counted(id) });
  return rows;
}

function scopeOf(activity: ModelActivity): string | null {
  return activity.attachedTo ?? activity.parentId;
}

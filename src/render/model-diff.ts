/** `migration diff` as tables: the activities side by side, the suggested mappings, what nothing maps. */
import type { ActivityComparison, ActivityStatus, ModelDiff } from '../migration/model-diff.js';
import { describeType } from '../migration/activity-kinds.js';
import type { ResolvedDefinition } from '../plans/references.js';
import { describeDefinition } from './migration.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { renderTable } from './table.js';
import { plural } from '../util/text.js';

/** The diff with what the references resolved to: the -o json object of `migration diff`. */
export interface ModelDiffResult extends ModelDiff {
  source: ResolvedDefinition;
  target: ResolvedDefinition;
}

const STATUS_WORDS: Record<ActivityStatus, string> = {
  same: 'same',
  changed: 'changed',
  'type-changed': 'type changed',
  'only-in-source': 'only in source',
  'only-in-target': 'only in target',
};

function status(row: ActivityComparison, style: Style): string {
  const word = STATUS_WORDS[row.status];
  switch (row.status) {
    case 'same':
      return style.dim(word);
    case 'type-changed':
      return style.red(word);
    case 'only-in-source':
      return row.instances > 0 ? style.red(word) : style.yellow(word);
    default:
      return style.yellow(word);
  }
}

function diffSummary(result: ModelDiffResult): string {
  const { summary } = result;
  const counts = [
    `${summary.same} same`,
    `${summary.changed} changed`,
    `${summary.typeChanged} type changed`,
    `${summary.onlyInSource} only in source`,
    `${summary.onlyInTarget} only in target`,
  ].join(', ');
  return (
    `${describeDefinition(result.source)} -> ${describeDefinition(result.target)}: ${counts}; ` +
    `${plural(summary.suggestions, 'suggested mapping')}; ${plural(summary.unmappedWithInstances, 'activity', 'activities')} with running instances and no mapping`
  );
}

export const modelDiffView: View<ModelDiffResult> = {
  table(result, style) {
    const parts: string[] = [];
    parts.push(
      renderTable(
        ['Source activity', 'Source type', 'Target activity', 'Target type', 'Instances', 'Status', 'Notes'],
        result.activities.map((row) => [
          row.source?.id,
          row.source ? describeType(row.source) : undefined,
          row.target?.id,
          row.target ? describeType(row.target) : undefined,
          row.source ? row.instances : undefined,
          status(row, style),
          row.notes.join('\n'),
        ]),
        style,
      ),
    );
    if (result.suggestions.length > 0) {
      parts.push(
        renderTable(
          ['Suggested mapping', 'Confidence', 'Instances', 'Reasons'],
          result.suggestions.map((suggestion) => [
            `${suggestion.sourceActivityId} -> ${suggestion.targetActivityId}`,
            `${suggestion.level} (${suggestion.confidence.toFixed(2)})`,
            suggestion.instances,
            suggestion.reasons.join('\n'),
          ]),
          style,
        ),
      );
    }
    if (result.unmappedWithInstances.length > 0) {
      parts.push(
        renderTable(
          ['No mapping, running instances', 'Instances', 'Why'],
          result.unmappedWithInstances.map((activity) => [style.red(activity.activityId), activity.instances, activity.reason]),
          style,
        ),
      );
    }
    parts.push(diffSummary(result));
    return parts.join('\n');
  },
};

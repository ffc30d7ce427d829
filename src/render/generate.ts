/** What `migration generate` prints: the plan (when not written to --out), then what it mapped and left out, on stderr. */
import type { GeneratedPlanFile } from '../migration/generate-run.js';
import { describeDefinition } from '../migration/describe-definition.js';
import type { Output } from './output.js';
import { plural } from '../util/text.js';

export function printGeneratedPlan(output: Output, plan: GeneratedPlanFile): void {
  if (plan.text !== undefined) output.raw(plan.text);
  const count = plan.document.instructions.length;
  output.info(
    `mapped ${count} ${count === 1 ? 'activity' : 'activities'}: ${describeDefinition(plan.source)} -> ${describeDefinition(plan.target)}` +
      (plan.out ? `; plan written to ${plan.out}` : ''),
  );
  const suggestionFor = new Map((plan.suggestions?.suggestions ?? []).map((suggestion) => [suggestion.sourceActivityId, suggestion]));
  for (const activity of plan.unmapped) {
    const suggestion = suggestionFor.get(activity.activityId);
    const suggested = suggestion ? `; suggested in the plan: ${suggestion.targetActivityId} (${suggestion.level} confidence)` : '';
    if (activity.instances > 0) {
      output.warn(
        `not mapped: ${activity.activityId} (${activity.type}) has ${plural(activity.instances, 'running instance')}; migrating them would fail without an instruction${suggested}`,
      );
    } else {
      output.info(`not mapped: ${activity.activityId} (${activity.type}), 0 running instances${suggested}`);
    }
  }
  if (count === 0) output.warn('the engine mapped no activity: edit the plan and add instructions before executing it');
}

// The suggestions of `migration generate --suggest` in a YAML plan: comments only, one line each.
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { SuggestedMapping } from '../../src/migration/mapping-suggestions.js';
import { serializePlan } from '../../src/plans/write.js';

const plan = {
  sourceProcessDefinitionId: 'a:1:x',
  targetProcessDefinitionId: 'a:2:y',
  instructions: [{ sourceActivityIds: ['task'], targetActivityIds: ['task'], updateEventTrigger: false }],
};

const suggestion = (fields: Partial<SuggestedMapping>): SuggestedMapping => ({
  sourceActivityId: 'review',
  targetActivityId: 'reviewOrder',
  confidence: 0.82,
  level: 'high',
  reasons: ['same type (userTask)'],
  instances: 0,
  multiInstanceBody: false,
  ...fields,
});

describe('serializePlan with suggestions', () => {
  it('keeps a name with a line break or a control character inside its comment line', async () => {
    const text = await serializePlan(plan, 'yaml', 'camunda-admin migration generate', {
      suggestions: [suggestion({ reasons: ["same name 'Review\norder: yes'", 'bell \u0007'] })],
      unmapped: [],
    });
    expect(parseYaml(text)).toEqual(plan);
    expect(text).toContain("  #   because: same name 'Review order: yes'; bell \\x07\n");
  });

  it('suggests the multi-instance body too when both activities are multi-instance', async () => {
    const text = await serializePlan(plan, 'yaml', 'c', { suggestions: [suggestion({ multiInstanceBody: true })], unmapped: [] });
    const uncommented = text.replace(/^ {2}# (- sourceActivityIds)/gm, '  $1').replace(/^ {2}# ( {2}targetActivityIds)/gm, '  $1');
    expect(parseYaml(uncommented).instructions.slice(1)).toEqual([
      { sourceActivityIds: ['review#multiInstanceBody'], targetActivityIds: ['reviewOrder#multiInstanceBody'] },
      { sourceActivityIds: ['review'], targetActivityIds: ['reviewOrder'] },
    ]);
  });

  it('says when there is nothing to suggest, and writes JSON without any of it', async () => {
    const text = await serializePlan(plan, 'yaml', 'c', { suggestions: [], unmapped: [{ activityId: 'wait', type: 'receiveTask', instances: 2 }] });
    expect(text).toContain(
      '  # No mapping to suggest (migration generate --suggest).\n  # not mapped, no suggestion: wait (receiveTask), 2 running instances\n',
    );
    expect(JSON.parse(await serializePlan(plan, 'json', 'c', { suggestions: [suggestion({})], unmapped: [] }))).toEqual(plan);
  });
});

// docs/plan.schema.json is generated from the zod schema the loader uses, so editors can check plan
// files with the same rules. This test fails when the two drift apart; regenerate with
//   UPDATE_SCHEMAS=1 npx vitest run test/unit/plan-schema.test.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import * as z from 'zod';
import { executionRequestSchema, planFileSchema } from '../../src/plans/schema.js';

const file = new URL('../../docs/plan.schema.json', import.meta.url);

function generated(): string {
  const schema = z.toJSONSchema(z.union([planFileSchema, executionRequestSchema]), { target: 'draft-2020-12', io: 'input' });
  const document = {
    ...schema,
    $id: 'https://github.com/camunda-admin/camunda-admin/docs/plan.schema.json',
    title: 'camunda-admin migration plan',
    description:
      'A migration plan file (docs/migration.md): the engine MigrationPlanDto with optional source/target references and execute options, or the engine MigrationExecutionDto.',
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

it('docs/plan.schema.json is generated from the plan schema', () => {
  if (process.env.UPDATE_SCHEMAS) writeFileSync(file, generated());
  expect(readFileSync(file, 'utf8')).toBe(generated());
});

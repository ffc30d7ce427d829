// The pipeline of docs/pipelines.md with nothing but camunda-admin: deploy a new version, generate the
// plan from the version the instances run on to the latest, validate it, execute it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { test as it } from '../../helpers/fixtures.js';

const model = (end: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
                  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="dep-order" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="start" />
    <bpmn:userTask id="approve" name="Approve" />
    <bpmn:endEvent id="${end}" />
  </bpmn:process>
</bpmn:definitions>
`;

it('deploys v2, then generates, validates and executes the migration of the v1 instances to it', async ({ engine, cli, cwd }) => {
  mkdirSync(join(cwd, 'release'));
  writeFileSync(join(cwd, 'release', 'order.bpmn'), model('end'));
  expect((await cli(['deployment', 'create', 'release', '--name', 'dep-release', '--changed-only'], { cwd })).code).toBe(0);
  const v1 = engine.state.processDefinitions.find((definition) => definition.key === 'dep-order')!;
  for (const id of ['dep-instance-1', 'dep-instance-2'])
    engine.state.processInstances.push({
      id,
      definitionId: v1.id,
      businessKey: id,
      tenantId: null,
      suspended: false,
      activityIds: ['approve'],
      startUserId: null,
    });

  writeFileSync(join(cwd, 'release', 'order.bpmn'), model('done'));
  const deployed = await cli(['deployment', 'create', 'release', '--name', 'dep-release', '--changed-only', '-o', 'json'], { cwd });
  expect(deployed.code).toBe(0);
  expect(Object.values(JSON.parse(deployed.stdout).deployedProcessDefinitions)).toMatchObject([{ key: 'dep-order', version: 2 }]);

  const generated = await cli(['migration', 'generate', '--source', 'dep-order:1', '--target', 'dep-order:latest', '--out', 'plan.json'], { cwd });
  expect(generated.code).toBe(0);
  expect((await cli(['migration', 'validate', 'plan.json'], { cwd })).code).toBe(0);
  const executed = await cli(['migration', 'execute', 'plan.json', '--all-instances', '--yes'], { cwd });
  expect(executed.code).toBe(0);
  const v2 = engine.state.processDefinitions.find((definition) => definition.key === 'dep-order' && definition.version === 2)!;
  expect(engine.state.processInstances.filter((instance) => instance.id.startsWith('dep-instance-')).map((instance) => instance.definitionId)).toEqual([
    v2.id,
    v2.id,
  ]);
});

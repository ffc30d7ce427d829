// A repeated step of a pipeline succeeds when its goal holds already, and says so (issue 31, item 16):
// instances on the target already are not sent again; a selection of them only is nothing to do.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS, SEEDED_PROCESS_INSTANCE_IDS as INSTANCES } from '../../simulator/index.js';
import { test } from '../../helpers/fixtures.js';
import { DEMO_PLAN } from '../../helpers/plans.js';

const executes = (requests: { method: string; path: string }[]) =>
  requests.filter((request) => request.method === 'POST' && /\/migration\/execute(Async)?$/.test(request.path));
const source = `refengine-demo:1 (${DEFINITIONS.v1})`;
const target = `refengine-demo:2 (${DEFINITIONS.v2})`;

describe('migration execute of instances on the target already', () => {
  test('--instances-file of ids all migrated by an earlier run: nothing to do, exit 0, nothing sent', async ({ engine, cli, cwd }) => {
    writeFileSync(join(cwd, 'plan.yaml'), toYaml(DEMO_PLAN));
    writeFileSync(join(cwd, 'ids.txt'), `${INSTANCES.demoV1First}\n${INSTANCES.demoV1Second}\n`);
    const first = await cli(['migration', 'execute', 'plan.yaml', '--instances-file', 'ids.txt', '--yes'], { cwd });
    expect(first.code).toBe(0);
    engine.requests.length = 0;
    const again = await cli(['migration', 'execute', 'plan.yaml', '--instances-file', 'ids.txt', '--yes', '--report', 'report.csv'], { cwd });
    expect(again.stderr).toBe(
      `nothing to migrate: the 2 selected instances are on the target already (${target}); nothing was sent\nreport written to report.csv\n`,
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('done: 0 of 0 instances migrated');
    expect(executes(engine.requests)).toEqual([]);
  });

  test('some on the target already: those are named and not sent, the rest is migrated', async ({ engine, cli, cwd }) => {
    writeFileSync(join(cwd, 'plan.yaml'), toYaml(DEMO_PLAN));
    expect((await cli(['migration', 'execute', 'plan.yaml', '--instances', INSTANCES.demoV1First, '--yes'], { cwd })).code).toBe(0);
    engine.requests.length = 0;
    const rest = await cli(['migration', 'execute', 'plan.yaml', '--instances', `${INSTANCES.demoV1First},${INSTANCES.demoV1Second}`, '--yes', '-o', 'json'], {
      cwd,
    });
    expect(rest.code).toBe(0);
    expect(rest.stderr).toContain(`1 selected instance is not running on ${source} but on the target already (${target}): not sent again\n`);
    expect(executes(engine.requests).map((request) => JSON.parse((request as unknown as { body: string }).body).processInstanceIds)).toEqual([
      [INSTANCES.demoV1Second],
    ]);
    expect(JSON.parse(rest.stdout).outcome.migrated).toBe(1);
  });

  test('ids on neither the source nor the target stay an error: exit 2, nothing sent', async ({ engine, cli, cwd }) => {
    writeFileSync(join(cwd, 'plan.yaml'), toYaml(DEMO_PLAN));
    const result = await cli(['migration', 'execute', 'plan.yaml', '--instances', `${INSTANCES.demoV2First},nope`, '--yes'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: 2 selected instances are not running on ${source}: nope (not found), ${INSTANCES.demoV2First} (on ${DEFINITIONS.v2}); the engine would refuse the whole request, nothing was sent\n`,
    );
    expect(executes(engine.requests)).toEqual([]);
  });
});

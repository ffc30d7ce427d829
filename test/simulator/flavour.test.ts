// The simulator's flavours against what the real Camunda 7.24, Operaton 2.1.4 and CIB seven 2.2.0
// answered (test/fixtures/samples/forks/): version, telemetry, its 403, `@class` packages, the admin
// group and Operaton's id whitelist. One simulator per flavour, with Basic auth on (john is neither
// admin nor holds READ on SYSTEM; demo is in the flavour's admin group).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, get, post } from './client.js';
import { FLAVOUR_NAMES, FLAVOURS, ResourceType, SEEDED_PROCESS_DEFINITION_IDS, startSimulator } from './index.js';
import type { FlavourName, Simulator } from './index.js';
import { loadForkSample } from './samples.js';

const asDemo = { basicAuth: 'demo:demo' };
const asJohn = { basicAuth: 'john:john' };

/** Every key of a JSON value, nested ones as paths, in document order: the shape without the values. */
function shape(value: unknown, at = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = at === '' ? key : `${at}.${key}`;
    // The command and metric counts are whatever ran since start-up: their names are not the shape.
    return /\.(commands|metrics)$/.test(path) ? [path] : [path, ...shape(inner, path)];
  });
}

describe.each(FLAVOUR_NAMES)('as %s', (flavour: FlavourName) => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ flavour, basicAuth: true, loginDelayBaseSeconds: 0 });
  });
  afterAll(async () => {
    await sim.close();
  });

  it("answers GET /version with the product's own number", async () => {
    expect((await get(sim, '/version', asDemo)).body).toEqual(loadForkSample(`${flavour}-version`));
  });

  it("answers GET /telemetry/data with the product's name and version, in the captured shape", async () => {
    const answer = await get(sim, '/telemetry/data', asDemo);
    const captured = loadForkSample<{ product: { name: string; version: string } }>(`${flavour}-telemetry-data`);
    expect(answer.status).toBe(200);
    const body = answer.body as typeof captured;
    expect({ name: body.product.name, version: body.product.version }).toEqual({ name: captured.product.name, version: captured.product.version });
    expect(shape(body)).toEqual(shape(captured));
  });

  it('refuses GET /telemetry/data to a user who is neither admin nor holds READ on System, as captured', async () => {
    const answer = await get(sim, '/telemetry/data', asJohn);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 403, body: loadForkSample(`${flavour}-telemetry-data-403`) });
  });

  it('gives GET /telemetry/data to a user with READ on System', async () => {
    sim.state.authorizations.push({
      id: `system-read-${flavour}`,
      type: 1,
      permissions: ['READ'],
      userId: 'mary',
      groupId: null,
      resourceType: ResourceType.SYSTEM,
      resourceId: '*',
      removalTime: null,
      rootProcessInstanceId: null,
    });
    expect((await get(sim, '/telemetry/data', { basicAuth: 'mary:mary' })).status).toBe(200);
  });

  it("names its classes in the product's package", async () => {
    const [row] = (await get(sim, `/process-definition/${SEEDED_PROCESS_DEFINITION_IDS.invoiceV1}/statistics`, asDemo)).body as { '@class': string }[];
    const [captured] = loadForkSample<{ '@class': string }[]>(`${flavour}-process-definition-statistics`);
    const repositoryDtos = (className: string | undefined): string | undefined => className?.replace(/\.[^.]+$/, '');
    expect(repositoryDtos(row?.['@class'])).toBe(repositoryDtos(captured?.['@class']));
    const nullBody = await call(sim, 'PUT', '/batch/x/suspended', { ...asDemo, body: 'null' });
    expect((nullBody.body as { message: string }).message).toContain(`"${FLAVOURS[flavour].javaPackage}.engine.rest.dto.SuspensionStateDto.getSuspended()"`);
  });

  it('has demo in its admin group, which holds ALL on every resource type', async () => {
    const { adminGroup } = FLAVOURS[flavour];
    const groups = (await get(sim, '/group?member=demo', asDemo)).body as { id: string }[];
    expect(groups.map((group) => group.id)).toEqual([adminGroup]);
    const grants = (await get(sim, `/authorization?groupIdIn=${adminGroup}`, asDemo)).body as { permissions: string[] }[];
    expect(grants).toHaveLength(Object.keys(ResourceType).length);
    expect(new Set(grants.flatMap((grant) => grant.permissions))).toEqual(new Set(['ALL']));
  });

  it("takes only ids of its whitelist: the other products' admin group is refused as on the real engine", async () => {
    const { adminGroup } = FLAVOURS[flavour];
    const otherAdminGroup = adminGroup === 'operaton-admin' ? 'camunda-admin' : 'operaton-admin';
    const refused = await post(sim, '/group/create', { id: otherAdminGroup, name: 'Admins', type: 'SYSTEM' }, asDemo);
    expect(refused.status).toBe(500);
    expect(refused.body).toEqual({
      type: 'ProcessEngineException',
      message: `Group has an invalid id: '${otherAdminGroup}' is not a valid resource identifier.`,
      code: 0,
    });
    if (flavour === 'operaton') expect(refused.body).toEqual(loadForkSample('operaton-group-create-camunda-admin'));
    // Its own admin group passes the whitelist and fails as a duplicate.
    expect((await post(sim, '/group/create', { id: adminGroup, name: 'Admins' }, asDemo)).status).toBe(400);
  });
});

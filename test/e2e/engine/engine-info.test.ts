// engine info names the product: on each simulator flavour (Camunda 7.24, Operaton 2.1.4, CIB seven
// 2.2.0) as an admin, and as a user who may not read it; then what an engine without the product
// (404, a body that is not the telemetry) gives, on the default flavour: that part does not differ.
import { describe, expect } from 'vitest';
import { type Fault, FLAVOUR_NAMES, FLAVOURS, type FlavourName, type Simulator } from '../../simulator/index.js';
import { cleanEnv, runCli } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';

const as = (user: string) => ({ env: cleanEnv({ CAMUNDA_USERNAME: user, CAMUNDA_PASSWORD: user }) });
const telemetryRequests = (engine: Simulator) => engine.requests.filter((request) => request.path.includes('/telemetry/'));

const it = test.extend<{ info: (...args: string[]) => Promise<{ product: string | null; productUnknownReason: string | null }> }>({
  info: async ({ engine }, use) =>
    use(async (...args) => {
      const result = await runCli(['--url', engine.url, '--retries', '0', ...args, 'engine', 'info', '-o', 'json']);
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
      return JSON.parse(result.stdout) as { product: string | null; productUnknownReason: string | null };
    }),
});

describe.each(FLAVOUR_NAMES)('on %s', (flavour: FlavourName) => {
  const { productName, version } = FLAVOURS[flavour];
  // An engine for each case (they only read): it has answered nothing before the case.
  it.override({ simulatorOptions: { flavour, basicAuth: true, loginDelayBaseSeconds: 0 } });

  it('names the product and its version, asking GET /telemetry/data once', async ({ engine }) => {
    const table = await runCli(['--url', engine.url, 'engine', 'info'], as('demo'));
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`^Product\t${productName} ${version.replace(/\./g, '\\.')}$`, 'm'));
    expect(telemetryRequests(engine).map((request) => request.path)).toEqual(['/engine-rest/telemetry/data']);

    const json = await runCli(['--url', engine.url, 'engine', 'info', '-o', 'json'], as('demo'));
    expect(JSON.parse(json.stdout)).toMatchObject({ version, product: productName, productUnknownReason: null });
  });

  it('still works for a user who may not read the product, and says what reading it needs', async ({ engine }) => {
    const table = await runCli(['--url', engine.url, 'engine', 'info'], as('john'));
    expect(table.code).toBe(0);
    expect(table.stderr).toBe('');
    expect(table.stdout).toContain('\nProduct\tunknown: reading it (GET /telemetry/data) needs an admin or READ on System\n');
    expect(table.stdout).toMatch(/^Authentication\tcredentials accepted$/m);

    const yaml = await runCli(['--url', engine.url, 'engine', 'info', '-o', 'yaml'], as('john'));
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toContain(`version: ${version}\nproduct: null\nproductUnknownReason: forbidden\n`);
  });
});

describe('an engine that does not tell its product', () => {
  it.for<[string, Fault]>([
    [
      'no such endpoint (404, Camunda before 7.17)',
      {
        status: 404,
        contentType: 'application/json',
        body: '{"type":"NotFoundException","message":"RESTEASY003210: Could not find resource for full path","code":null}',
      },
    ],
    ['a login page', { status: 200, contentType: 'text/html', body: '<html><body>Sign in</body></html>' }],
    ['JSON without the product', { status: 200, contentType: 'application/json', body: '{"installation":"x"}' }],
    [
      'an engine error',
      {
        status: 500,
        contentType: 'application/json',
        body: '{"type":"ProcessEngineException","message":"ENGINE-13040 Exception while retrieving diagnostics data","code":0}',
      },
    ],
  ])('gives product null, unavailable, and exit 0 for %s', async ([_label, answer], { engine, info }) => {
    engine.inject({ path: /^\/telemetry\/data$/, ...answer });
    expect(await info()).toMatchObject({ product: null, productUnknownReason: 'unavailable' });
    const table = await runCli(['--url', engine.url, '--retries', '0', 'engine', 'info']);
    expect(table.stdout).toContain(
      '\nProduct\tunknown: the engine did not answer GET /telemetry/data with its product (Camunda 7.17+ and the forks have it)\n',
    );
  });

  it('asks the selected engine, and only once the engine is known to be there', async ({ engine, info }) => {
    engine.state.engines.push('second');
    expect(await info('--engine', 'second')).toMatchObject({ product: 'Camunda BPM Runtime' });
    expect(telemetryRequests(engine).map((request) => request.path)).toEqual(['/engine-rest/engine/second/telemetry/data']);
    const missing = await runCli(['--url', engine.url, '--engine', 'nope', 'engine', 'info']);
    expect(missing.code).toBe(5);
    expect(telemetryRequests(engine)).toHaveLength(1);
  });

  it('shows a name it does not know as the engine sends it, and says which product an old name stands for', async ({ engine, info }) => {
    engine.inject({
      path: /^\/telemetry\/data$/,
      times: 2,
      status: 200,
      contentType: 'application/json',
      body: '{"product":{"name":"Flowable","edition":"community"}}',
    });
    expect(await info()).toMatchObject({ product: 'Flowable', productUnknownReason: null });
    expect((await runCli(['--url', engine.url, 'engine', 'info'])).stdout).toMatch(
      /^Product\tFlowable 7\.24\.0-SNAPSHOT \(not a product camunda-admin knows\)$/m,
    );
    // CIB seven 1.1 still sent Camunda's name, with its own version (src/engine/product.ts).
    engine.state.version = '1.1.1';
    expect((await runCli(['--url', engine.url, 'engine', 'info'])).stdout).toMatch(/^Product\tCamunda BPM Runtime 1\.1\.1 \(CIB seven\)$/m);
  });

  it('is asked by engine info alone', async ({ engine }) => {
    for (const args of [
      ['group', 'list'],
      ['auth', 'count'],
      ['config', 'show'],
    ]) {
      expect((await runCli(['--url', engine.url, ...args])).code).toBe(0);
    }
    expect(telemetryRequests(engine)).toEqual([]);
  });
});

// history ttl set against the simulator, in-process: every version, one PUT per id, each read back.
import { describe, expect } from 'vitest';
import { SEEDED_DECISION_DEFINITION_IDS as DECISIONS, SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS, type Simulator } from '../../simulator/index.js';
import { test } from '../../helpers/fixtures.js';

const ttlOf = (engine: Simulator, id: string) =>
  (engine.state.processDefinitions.find((definition) => definition.id === id) ?? engine.state.decisionDefinitions.find((definition) => definition.id === id))!
    .historyTimeToLive;

const sent = (engine: Simulator) =>
  engine.requests
    .filter((request) => request.method !== 'GET')
    .map((request) => `${request.method} ${decodeURIComponent(request.path.replace(/^\/engine-rest/, ''))}`);

function legacyInvoice(engine: Simulator): void {
  engine.state.processDefinitions.find((definition) => definition.id === DEFINITIONS.invoiceV1)!.historyTimeToLive = null;
}

describe('history ttl set', () => {
  test('sets every version of the key with one PUT per id, reads each back, and skips what has it already', async ({ engine, cli }) => {
    legacyInvoice(engine);
    const result = await cli(['history', 'ttl', 'set', 'invoice', '--days', '30', '--yes', '-o', 'json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      { id: DEFINITIONS.invoiceV1, key: 'invoice', version: 1, tenantId: null, before: null, after: 30, readBack: 30, status: 'set' },
      { id: DEFINITIONS.invoiceV2, key: 'invoice', version: 2, tenantId: null, before: 45, after: 30, readBack: 30, status: 'set' },
    ]);
    expect(sent(engine)).toEqual([
      `PUT /process-definition/${DEFINITIONS.invoiceV1}/history-time-to-live`,
      `PUT /process-definition/${DEFINITIONS.invoiceV2}/history-time-to-live`,
    ]);
    // Each PUT is followed by a GET of that id.
    const order = engine.requests.map((request) => decodeURIComponent(request.path.replace(/^\/engine-rest/, '').split('?')[0]!));
    const firstPut = order.indexOf(`/process-definition/${DEFINITIONS.invoiceV1}/history-time-to-live`);
    expect(order[firstPut + 1]).toBe(`/process-definition/${DEFINITIONS.invoiceV1}`);
    expect([ttlOf(engine, DEFINITIONS.invoiceV1), ttlOf(engine, DEFINITIONS.invoiceV2)]).toEqual([30, 30]);
    expect(result.stderr).toBe('set 30 days on 2 versions of process invoice, each read back\n');

    engine.requests.length = 0;
    const again = await cli(['history', 'ttl', 'set', 'invoice', '--days', '30', '--yes']);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('nothing to change: every version selected has 30 days\n');
    expect(sent(engine)).toEqual([]);
  });

  test('previews and prints the requests with --dry-run, and refuses without --yes off a terminal; nothing is sent', async ({ engine, cli }) => {
    legacyInvoice(engine);
    const dryRun = await cli(['history', 'ttl', 'set', 'invoice', '--days', '0', '--dry-run']);
    expect(dryRun.code).toBe(0);
    const lines = dryRun.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Version\tTenant\tId\tTTL (days)',
      `1\t-\t${DEFINITIONS.invoiceV1}\tnone -> 0`,
      `2\t-\t${DEFINITIONS.invoiceV2}\t45 -> 0`,
    ]);
    expect(lines[3]).toBe(`PUT ${engine.url}/process-definition/${encodeURIComponent(DEFINITIONS.invoiceV1)}/history-time-to-live {"historyTimeToLive":0}`);
    expect(dryRun.stderr).toBe('dry run: would set 0 days on 2 versions of process invoice; nothing was sent\n');
    const json = await cli(['history', 'ttl', 'set', 'invoice', '--days', '7', '--dry-run', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toEqual([
      {
        method: 'PUT',
        url: `${engine.url}/process-definition/${encodeURIComponent(DEFINITIONS.invoiceV1)}/history-time-to-live`,
        body: { historyTimeToLive: 7 },
      },
      {
        method: 'PUT',
        url: `${engine.url}/process-definition/${encodeURIComponent(DEFINITIONS.invoiceV2)}/history-time-to-live`,
        body: { historyTimeToLive: 7 },
      },
    ]);

    const unconfirmed = await cli(['history', 'ttl', 'set', 'invoice', '--days', '30']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stdout).toBe('');
    expect(unconfirmed.stderr).toBe(
      'error: set the history time-to-live of 2 versions of process invoice to 30 days: confirmation needed; pass --yes to confirm when not on a terminal\n',
    );
    expect(sent(engine)).toEqual([]);
    expect(ttlOf(engine, DEFINITIONS.invoiceV1)).toBeNull();
  });

  test('--version chooses versions; an unknown key, version or tenant is exit 5 with the choices', async ({ engine, cli }) => {
    legacyInvoice(engine);
    const one = await cli(['history', 'ttl', 'set', 'invoice', '--days', '90', '--version', '1', '--yes']);
    expect(one.code).toBe(0);
    expect([ttlOf(engine, DEFINITIONS.invoiceV1), ttlOf(engine, DEFINITIONS.invoiceV2)]).toEqual([90, 45]);
    expect((await cli(['history', 'ttl', 'set', 'invoice', '--days', '1', '--version', '1', '2', '--yes'])).code).toBe(0);
    expect([ttlOf(engine, DEFINITIONS.invoiceV1), ttlOf(engine, DEFINITIONS.invoiceV2)]).toEqual([1, 1]);

    const version = await cli(['history', 'ttl', 'set', 'invoice', '--days', '1', '--version', '2,7', '--yes']);
    expect(version.code).toBe(5);
    expect(version.stderr).toBe('error: invoice has no version 7 (its versions: 1-2)\n');
    const key = await cli(['history', 'ttl', 'set', 'invoise', '--days', '1', '--yes']);
    expect(key.code).toBe(5);
    expect(key.stderr).toBe("error: no process definition with key 'invoise' (did you mean invoice?)\n");
    const tenant = await cli(['history', 'ttl', 'set', 'invoice', '--days', '1', '--tenant', 'tenant-a', '--yes']);
    expect(tenant.code).toBe(5);
    expect(tenant.stderr).toBe("error: no process definition with key 'invoice' in tenant 'tenant-a' (its tenants: none)\n");
  });

  test('checks --days and --clear before sending anything', async ({ engine, cli }) => {
    for (const [args, message] of [
      [['--days', '-1'], "error: --days: '-1' is not a whole number"],
      [['--days', 'x'], "error: --days: 'x' is not a whole number"],
      [['--days', '2147483648'], "error: --days: '2147483648' is more than 2,147,483,647, the engine's largest number"],
      [['--days', '3', '--clear'], 'error: --days and --clear: give one of them'],
      [[], 'error: give the time-to-live: --days N (or --clear to remove it)'],
      [['--days', '3', '--version', '0'], "error: --version: '0' is not a whole number of at least 1"],
    ] as const) {
      const result = await cli(['history', 'ttl', 'set', 'invoice', ...args, '--yes']);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.split('\n')[0]).toBe(message);
    }
    expect(engine.requests).toEqual([]);
  });

  test('--clear is refused while the engine enforces a time-to-live, and explained; allowed where it does not', async ({ engine, cli }) => {
    const refused = await cli(['history', 'ttl', 'set', 'invoice', '--clear', '--yes']);
    expect(refused.code).toBe(6);
    expect(refused.stderr).toMatch(
      /^error: PUT \S+\/history-time-to-live: 400 Bad Request: NotAllowedException: Null historyTimeToLive values are not allowed \(the engine enforces a history time-to-live \(enforceHistoryTimeToLive, on by default since 7\.20\): it cannot be cleared there; give --days N\)\n$/,
    );
    expect(ttlOf(engine, DEFINITIONS.invoiceV1)).toBe(45);
    // Only the first version was tried.
    expect(sent(engine)).toHaveLength(1);

    engine.state.enforceHistoryTimeToLive = false;
    const cleared = await cli(['history', 'ttl', 'set', 'invoice', '--clear', '--version', '2', '--yes']);
    expect(cleared.code).toBe(0);
    expect(cleared.stderr).toBe('cleared the time-to-live of 1 version of process invoice, each read back\n');
    expect([ttlOf(engine, DEFINITIONS.invoiceV1), ttlOf(engine, DEFINITIONS.invoiceV2)]).toEqual([45, null]);
  });

  test('--decision sets decision definitions, every tenant unless --tenant', async ({ engine, cli }) => {
    const all = await cli(['history', 'ttl', 'set', 'invoice-classification', '--decision', '--days', '60', '--dry-run']);
    expect(all.stderr).toBe('dry run: would set 60 days on 3 versions of decision invoice-classification (tenants: none, tenant-a); nothing was sent\n');
    expect(all.stdout).toContain(`PUT ${engine.url}/decision-definition/${encodeURIComponent(DECISIONS.classificationTenantA)}/history-time-to-live`);
    const tenant = await cli(['history', 'ttl', 'set', 'invoice-classification', '--decision', '--days', '60', '--tenant', 'tenant-a', '--yes']);
    expect(tenant.code).toBe(0);
    expect([DECISIONS.classificationV1, DECISIONS.classificationV2, DECISIONS.classificationTenantA].map((id) => ttlOf(engine, id))).toEqual([null, 45, 60]);
    const rest = await cli(['history', 'ttl', 'set', 'invoice-classification', '--decision', '--days', '60', '--yes', '-o', 'json']);
    expect(rest.code).toBe(0);
    expect((JSON.parse(rest.stdout) as { id: string }[]).map((outcome) => outcome.id)).toEqual([DECISIONS.classificationV1, DECISIONS.classificationV2]);
    expect(sent(engine).every((line) => line.startsWith('PUT /decision-definition/'))).toBe(true);
    expect((await cli(['history', 'ttl', 'list', '--decisions', '--key', 'invoice-classification', '--detailed-exitcode'])).code).toBe(0);
  });

  test('a failure after some versions is a partial success (exit 8); a value that does not hold is exit 12', async ({ engine, cli }) => {
    legacyInvoice(engine);
    engine.inject({
      method: 'PUT',
      path: new RegExp(`/process-definition/${encodeURIComponent(DEFINITIONS.invoiceV2)}/history-time-to-live`),
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ type: 'ProcessEngineException', message: 'database went away', code: 0 }),
      times: 1,
    });
    const partial = await cli(['history', 'ttl', 'set', 'invoice', '--days', '30', '--yes']);
    expect(partial.code).toBe(8);
    expect(partial.stdout.trimEnd().split('\n').slice(1)).toEqual([
      `1\t-\t${DEFINITIONS.invoiceV1}\tnone\t30\tset`,
      `2\t-\t${DEFINITIONS.invoiceV2}\t45\t-\tfailed`,
    ]);
    expect(partial.stderr).toMatch(
      /^error: set 1 of 2 versions of invoice; invoice:2 failed: PUT .*: 500 Internal Server Error: ProcessEngineException: database went away \(run the same/,
    );
    expect(partial.stderr).toContain('(run the same command again: the versions set already are skipped)\n');

    engine.inject({
      method: 'GET',
      path: new RegExp(`/process-definition/${encodeURIComponent(DEFINITIONS.invoiceV2)}$`),
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ id: DEFINITIONS.invoiceV2, key: 'invoice', version: 2, historyTimeToLive: 99 }),
      times: 1,
    });
    const notHeld = await cli(['history', 'ttl', 'set', 'invoice', '--days', '30', '--yes']);
    expect(notHeld.code).toBe(12);
    expect(notHeld.stderr).toContain(
      'error: invoice:2: the time-to-live did not hold: sent 30 days, read back 99 days (another writer may have changed it meanwhile; check with: camunda-admin history ttl list --key invoice)\n',
    );
  });
});

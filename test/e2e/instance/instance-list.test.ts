// `instance list`: the filters of the instance family as a process instance query, --ids-only for an
// --instances-file, paging, and -o json printing the engine's objects unchanged.
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixtures.js';
import { VERSION } from '../../../src/version.js';
import { SEEDED_PROCESS_DEFINITION_IDS as DEFS, SEEDED_PROCESS_INSTANCE_IDS as PIS } from '../../simulator/index.js';

const INVOICE = [PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3, PIS.invoicePrepare1, PIS.invoicePrepare2, PIS.invoiceArchive].sort();

describe('instance list', () => {
  it('lists the instances of a key, as a table, ids alone, or the engine objects', async ({ cli }) => {
    const table = await cli('instance', 'list', '--key', 'invoice');
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^Id\s+Definition\s+Business key\s+Suspended\s+Tenant/);
    for (const id of INVOICE) expect(table.stdout).toContain(id);

    const ids = await cli('instance', 'list', '--key', 'invoice', '--ids-only');
    expect(ids.code).toBe(0);
    expect(ids.stdout).toBe(`${INVOICE.join('\n')}\n`);

    const json = await cli('instance', 'list', '--key', 'invoice', '--version', '1', '-o', 'json');
    expect(json.code).toBe(0);
    const objects = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(objects.map((object) => object.id)).toEqual(INVOICE);
    // The engine's ProcessInstanceDto, field for field (the known ones first, as every list prints them).
    expect(Object.keys(objects[0]!).sort()).toEqual([
      'businessKey',
      'caseInstanceId',
      'definitionId',
      'definitionKey',
      'ended',
      'id',
      'links',
      'suspended',
      'tenantId',
    ]);
  });

  it('filters by activity, incident, suspension and definition id', async ({ cli }) => {
    const ids = async (...args: string[]) => {
      const result = await cli('instance', 'list', '--ids-only', ...args);
      expect(result.code).toBe(0);
      return result.stdout.split('\n').filter(Boolean);
    };
    expect(await ids('--key', 'invoice', '--activity', 'approveInvoice')).toEqual([PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3].sort());
    expect(await ids('--key', 'invoice', '--suspended')).toEqual([PIS.invoicePrepare2]);
    expect(await ids('--key', 'invoice', '--active')).not.toContain(PIS.invoicePrepare2);
    expect(await ids('--with-incident', '--incident-message', 'Budget')).toEqual([PIS.approvalCheckBudget]);
    expect(await ids('--definition-id', DEFS.invoiceV1, '--activity', 'archiveInvoice')).toEqual([PIS.invoiceArchive]);
  });

  it('pages: --max says there are more, --first skips', async ({ cli }) => {
    const first = await cli('instance', 'list', '--key', 'invoice', '--ids-only', '--max', '2');
    expect(first.stdout.split('\n').filter(Boolean)).toEqual(INVOICE.slice(0, 2));
    expect(first.stderr).toContain('showing 2 instances from 0; there are more: --first 2, --max N or --all');
    const next = await cli('instance', 'list', '--key', 'invoice', '--ids-only', '--first', '2', '--max', '2');
    expect(next.stdout.split('\n').filter(Boolean)).toEqual(INVOICE.slice(2, 4));
  });

  it("--version is instance list's own flag; where no command of the family has one it prints the version", async ({ cli }) => {
    const own = await cli('instance', 'list', '--key', 'invoice', '--version', '1', '--activity', 'archiveInvoice', '--ids-only');
    expect(own.stdout).toBe(`${PIS.invoiceArchive}\n`);
    for (const args of [['group', 'list', '--version'], ['--version']]) {
      const printed = await cli(...args);
      expect(printed.code).toBe(0);
      expect(printed.stdout).toBe(`${VERSION}\n`);
    }
  });

  it('refuses flags that cannot go together, sending nothing', async ({ cli, engine }) => {
    const before = engine.requests.length;
    const version = await cli('instance', 'list', '--version', '2');
    expect(version.code).toBe(2);
    expect(version.stderr).toBe('error: --version needs --key\n');
    const both = await cli('instance', 'list', '--suspended', '--active');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--suspended and --active cannot be combined');
    const unknown = await cli('instance', 'list', '--key', 'invoice', '--version', '9');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'error: --key invoice --version 9: the engine has no such version (versions of invoice: 1, 2; or you may not read it); nothing was sent\n',
    );
    // Only the definition lookups of the last one reached the engine: the version, then the key's versions.
    expect(engine.requests.slice(before).map((request) => request.path.split('?')[0])).toEqual([
      '/engine-rest/process-definition',
      '/engine-rest/process-definition',
    ]);
    const typo = await cli('instance', 'list', '--key', 'invoise', '--version', '1');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(
      /^error: --key invoise --version 1: the engine has no process definition with that key \(did you mean invoice\?\); nothing was sent\n$/,
    );
  });

  it('a --key the engine does not have is a usage error naming the keys near it, not an empty success', async ({ cli, engine }) => {
    const typo = await cli('instance', 'suspend', '--key', 'invoce', '--yes');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe('error: --key invoce: the engine has no process definition with that key (did you mean invoice?); nothing was sent\n');
    expect(engine.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    const retry = await cli('job', 'retry', '--key', 'invoce', '--yes');
    expect(retry.code).toBe(2);
    expect(retry.stderr).toContain('--key invoce: the engine has no process definition with that key (did you mean invoice?)');
  });
});

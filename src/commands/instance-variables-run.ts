/** What `instance variables set` does (declared in ./instance-delete.ts): the variables file read and checked, then the bulk run of src/bulk/run.ts. */
import type { App } from '../app.js';
import { hasInstanceFilters, instanceFilterQuery } from '../bulk/instance-filters.js';
import { setVariablesOperation } from '../bulk/operations/set-variables.js';
import { readVariablesFile } from '../bulk/operations/variables-file.js';
import { processInstanceKind } from '../bulk/process-instance-kind.js';
import { UsageError } from '../exit-codes.js';
import { formatProblem } from '../input/problems.js';
import { bulkRequest } from './bulk-flags.js';
import { runBulkCommand } from './bulk-host.js';
import type { InstanceVariablesSetFlags } from './instance-delete-flags.js';
import { filtersOf } from './instance-filter-options.js';

export async function setInstanceVariables(app: App, flags: InstanceVariablesSetFlags): Promise<void> {
  const filters = filtersOf(flags);
  const request = bulkRequest(flags, ['instance', 'variables', 'set'], hasInstanceFilters(filters));
  const clash = [
    ['--instances-file', flags.instancesFile],
    ['--query', flags.query],
  ].find(([, file]) => file === '-');
  if (flags.variables === '-' && clash) throw new UsageError(`--variables and ${clash[0]} cannot both read standard input`);
  app.refuseStdinClash({ '--variables': flags.variables });
  // Read and checked before anything is asked of the engine: a bad file is exit 2 with file:line:column.
  const file = await readVariablesFile(flags.variables, app.io.stdin);
  const output = await app.output();
  for (const warning of file.warnings) output.warn(formatProblem(warning));
  await runBulkCommand(
    app,
    {
      command: 'camunda-admin instance variables set',
      kind: processInstanceKind,
      operation: (client) => setVariablesOperation(client, file.variables),
      filters: (client) => instanceFilterQuery(client, filters),
    },
    request,
  );
}

/** What the `access` commands do (declared in ./access.ts); the work is in src/access/. */
import type { App } from '../app.js';
import { engineClient, engineTarget } from '../connection.js';
import { exportAccess, exportHeader, serializeAccess } from '../access/export.js';
import { readAccessFile } from '../access/file.js';
import { computePlan, readEngineAccess } from '../access/plan.js';
import { parseResourceType } from '../catalogue/authorization.js';
import { EngineError } from '../engine/errors.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import { accessPlanView, planSummary } from '../render/access.js';
import { checkOutputFile, documentFormat, writeFileAtomically } from '../util/files.js';
import { commaList } from './options.js';

interface PlanFlags {
  prune?: boolean;
  detailedExitcode?: boolean;
}

interface ExportFlags {
  groups?: string;
  resourceType?: string[];
  out?: string;
  force?: boolean;
}

export async function exportAccessFile(app: App, flags: ExportFlags): Promise<void> {
  const output = await app.output();
  if (flags.force && !flags.out) throw new UsageError('--force needs --out');
  const format = documentFormat(flags.out, output.format);
  const groups = flags.groups === undefined ? undefined : commaList(flags.groups, '--groups');
  const resourceTypes = flags.resourceType?.flatMap((value) => commaList(value, '--resource-type')).map((value) => parseResourceType(value));
  if (flags.out) await checkOutputFile(flags.out, '--out', Boolean(flags.force));

  const target = await engineTarget(app);
  const client = await engineClient(app, { bulk: true });
  const version = await client.system.version().catch((error: unknown) => {
    if (error instanceof EngineError) return null;
    throw error;
  });
  const { document, skipped } = await exportAccess(client, { groups, resourceTypes });
  for (const line of skipped) output.warn(line);
  const command = [
    'camunda-admin access export',
    ...(groups ? [`--groups ${groups.join(',')}`] : []),
    ...(resourceTypes ? [`--resource-type ${resourceTypes.map((type) => type.name).join(' ')}`] : []),
  ].join(' ');
  const header = exportHeader({ url: target.url.value, engine: target.engine?.value, version }, command);
  const text = await serializeAccess(document, format, header);
  if (flags.out) await writeFileAtomically(flags.out, text);
  else output.raw(text);
  const groupCount = Object.keys(document.groups).length;
  output.info(`exported ${groupCount} group${groupCount === 1 ? '' : 's'} and ${document.authorizations.length} authorization${document.authorizations.length === 1 ? '' : 's'}${flags.out ? ` to ${flags.out}` : ''}`);
}

export async function planAccess(app: App, fileName: string, flags: PlanFlags): Promise<void> {
  app.refuseStdinClash({ '<file>': fileName });
  const output = await app.output();
  const file = await readAccessFile(fileName, app.io.stdin, app.io.env);
  const client = await engineClient(app, { bulk: true });
  const engine = await readEngineAccess(client, file);
  const plan = computePlan(file, engine, Boolean(flags.prune));
  if (output.machineReadable) await output.data(plan.changes, { table: () => '' });
  else if (plan.changes.length + plan.kept.length > 0) await output.data(plan, accessPlanView);
  output.info(planSummary(plan));
  if (flags.detailedExitcode && plan.changes.length > 0) app.exitCode = ExitCode.DifferencesFound;
}

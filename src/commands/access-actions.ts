/** What the `access` commands do (declared in ./access.ts); the work is in src/access/. */
import type { App } from '../app.js';
import { engineClient, engineTarget } from '../connection.js';
import { exportAccess, exportHeader, serializeAccess } from '../access/export.js';
import { authorizationKey, readAccessFile } from '../access/file.js';
import { type AppliedChange, applyPlan, ApplyStopped, plannedRequests } from '../access/apply.js';
import { lockoutLosses, mayTakeAway } from '../access/lockout.js';
import { type AccessPlan, type AuthorizationChange, computePlan, prunedByEmptyFile, readEngineAccess } from '../access/plan.js';
import { parseResourceType } from '../catalogue/authorization.js';
import type { EngineClient } from '../engine/client.js';
import { EngineError } from '../engine/errors.js';
import { updatePolicyFrom } from '../engine-objects/update.js';
import { ChangeOutcomeUnknownError, describeFailure } from '../exit.js';
import { formatProblem } from '../input/problems.js';
import { CliError, ExitCode, UsageError } from '../exit-codes.js';
import {
  accessPlanView,
  appliedTable,
  describeAuthorizationChange,
  describeChange,
  describeEmptyFile,
  describeLosses,
  describePasswordless,
  describeUnknownUserRisk,
  planSummary,
  requestLines,
} from '../render/access.js';
import { checkOutputFile, documentFormat, writeFileAtomically } from '../util/files.js';
import { plural } from '../util/text.js';
import type { ACCESS_APPLY_FLAGS, ACCESS_EXPORT_FLAGS, ACCESS_PLAN_FLAGS } from './access-flags.js';
import { commaList } from './options.js';
import type { FlagsOf } from './spec.js';

type PlanFlags = FlagsOf<typeof ACCESS_PLAN_FLAGS>;
type ApplyFlags = FlagsOf<typeof ACCESS_APPLY_FLAGS>;
type ExportFlags = FlagsOf<typeof ACCESS_EXPORT_FLAGS>;

export async function exportAccessFile(app: App, flags: ExportFlags): Promise<void> {
  const output = await app.output();
  if (flags.force && !flags.out) throw new UsageError('--force needs --out');
  const format = documentFormat(flags.out, output.format);
  const groups = flags.groups === undefined ? undefined : commaList(flags.groups, '--groups');
  const users = flags.users === undefined ? undefined : commaList(flags.users, '--users');
  const tenants = flags.tenants === undefined ? undefined : commaList(flags.tenants, '--tenants');
  const resourceTypes = flags.resourceType?.flatMap((value) => commaList(value, '--resource-type')).map((value) => parseResourceType(value));
  if (flags.out) await checkOutputFile(flags.out, '--out', Boolean(flags.force));

  const target = await engineTarget(app);
  (await import('../util/heap.js')).boundHeapForListing();
  const client = await engineClient(app, { bulk: true });
  const version = await client.system.version().catch((error: unknown) => {
    if (error instanceof EngineError) return null;
    throw error;
  });
  const { document, skipped } = await exportAccess(client, { groups, users, tenants, resourceTypes });
  for (const line of skipped) output.warn(line);
  if (Object.keys(document.groups).length === 0) {
    // The engine leaves out of its answers what the user may not read: an export without groups is
    // more often that than an engine without them, and pruned elsewhere it deletes every group in its scope.
    const what = document.authorizations.length === 0 ? 'no group and no authorization' : 'no group';
    const orPattern = groups === undefined ? '' : ', or --groups matches none';
    output.warn(
      `the export holds ${what}: the engine leaves out what the user of these credentials may not read (READ on group and authorization)${orPattern}; applied with --prune, the file deletes every group in its scope (apply refuses that without --allow-empty)`,
    );
  }
  const command = [
    'camunda-admin access export',
    ...(groups ? [`--groups ${groups.join(',')}`] : []),
    ...(users ? [`--users ${users.join(',')}`] : []),
    ...(tenants ? [`--tenants ${tenants.join(',')}`] : []),
    ...(resourceTypes ? [`--resource-type ${resourceTypes.map((type) => type.name).join(' ')}`] : []),
  ].join(' ');
  const header = exportHeader({ url: target.url.value, engine: target.engine?.value, version }, command);
  const text = await serializeAccess(document, format, header);
  if (flags.out) await writeFileAtomically(flags.out, text);
  else output.raw(text);
  const groupCount = Object.keys(document.groups).length;
  const identity = [
    ...(document.users ? [plural(Object.keys(document.users).length, 'user')] : []),
    ...(document.tenants ? [plural(Object.keys(document.tenants).length, 'tenant')] : []),
  ].map((part) => `${part}, `);
  output.info(
    `exported ${identity.join('')}${plural(groupCount, 'group')} and ${plural(document.authorizations.length, 'authorization')}${flags.out ? ` to ${flags.out}` : ''}`,
  );
}

/** The access file, what the engine holds within its scope, and the plan between them. */
async function planOf(app: App, fileName: string, prune: boolean) {
  app.refuseStdinClash({ '<file>': fileName });
  const output = await app.output();
  // Bulk work from the start: reading a file of thousands of authorizations grew V8's young
  // generation to 64 MB in some runs before the engine client would have bounded it.
  (await import('../util/heap.js')).boundHeapForListing();
  const file = await readAccessFile(fileName, app.io.stdin, app.io.env);
  for (const warning of file.warnings) output.warn(formatProblem(warning));
  const client = await engineClient(app, { bulk: true });
  const engine = await readEngineAccess(client, file);
  return { output, file, client, engine, plan: computePlan(file, engine, prune) };
}

export async function planAccess(app: App, fileName: string, flags: PlanFlags): Promise<void> {
  const { output, file, client, plan } = await planOf(app, fileName, Boolean(flags.prune));
  await output.machineOnly(() => plan.changes);
  if (plan.changes.length + plan.kept.length > 0) await output.tableOnly(plan, accessPlanView);
  output.info(planSummary(plan));
  const passwordless = describePasswordless(plan);
  if (passwordless) output.warn(passwordless);
  const lockout = plan.changes.length > 0 ? await lockoutProblem(app, client, plan) : undefined;
  if (lockout) output.warn(`lock-out guard: ${lockout}; apply refuses this plan without --allow-lockout`);
  const emptied = describeEmptyFile(file.file, prunedByEmptyFile(file, plan));
  if (emptied) output.warn(`${emptied}; apply refuses this plan without --allow-empty`);
  if (flags.detailedExitcode && plan.changes.length > 0) app.exitCode = ExitCode.DifferencesFound;
}

export async function applyAccess(app: App, fileName: string, flags: ApplyFlags): Promise<void> {
  const prune = Boolean(flags.prune);
  const { output, file, client, engine, plan } = await planOf(app, fileName, prune);
  if (plan.changes.length === 0) {
    await output.machineOnly(() => []);
    if (plan.kept.length > 0) await output.tableOnly(plan, accessPlanView);
    output.info(planSummary(plan));
    return;
  }
  const lockout = flags.allowLockout ? undefined : await lockoutProblem(app, client, plan);
  const emptied = flags.allowEmpty ? undefined : describeEmptyFile(file.file, prunedByEmptyFile(file, plan));
  if (flags.dryRun) {
    if (lockout) output.warn(`lock-out guard: ${lockout}; apply refuses this plan without --allow-lockout`);
    if (emptied) output.warn(`${emptied}; apply refuses this plan without --allow-empty`);
    const passwordless = describePasswordless(plan);
    if (passwordless) output.warn(passwordless);
    const requests = plannedRequests(client, plan, engine);
    await output.machineOnly(() => requests.map(({ change, request }) => ({ ...change, request })));
    await output.tableOnly(plan, accessPlanView);
    if (!output.machineReadable) output.raw(`${requestLines(requests)}\n`);
    output.info(`${planSummary(plan)}; dry run: nothing was sent`);
    return;
  }
  // A refusal prints nothing on stdout (docs/exit-codes.md): the plan is printed only for a run
  // that goes on, or that asks at a terminal.
  if (lockout || emptied) output.info(planSummary(plan));
  if (lockout) throw new UsageError(`refusing to apply: ${lockout}; nothing was changed`, 'check the plan; --allow-lockout applies it all the same');
  if (emptied) throw new UsageError(`refusing to apply: ${emptied}; nothing was changed`, 'check the file; --allow-empty applies it all the same');
  const target = await engineTarget(app);
  const question = `apply ${plural(plan.changes.length, 'change')} to ${target.url.value}`;
  if (!app.interactive) await app.confirm(question);
  await output.tableOnly(plan, accessPlanView);
  output.info(planSummary(plan));
  if (app.interactive) await app.confirm(question);

  const wanted = new Set(file.authorizations.map((row) => authorizationKey(row)));
  const notice = (made: AuthorizationChange) =>
    output.warn(
      `the engine gave the new ${made.group !== null ? `group ${made.group}` : `user ${made.user ?? ''}`} ${describeAuthorizationChange(made)} (${made.before?.join(', ') ?? ''}), which the file does not name: ${made.action === 'delete' ? 'deleting it (--prune)' : 'kept (--prune deletes it)'}`,
    );
  let results;
  try {
    results = await applyPlan(client, plan, engine, {
      policy: updatePolicyFrom(app.io.env, (message) => output.warn(message)),
      prune,
      scope: file.scope,
      wanted,
      notice,
    });
  } catch (error) {
    if (!(error instanceof ApplyStopped)) throw error;
    throw await stopped(app, error);
  }
  await output.machineOnly(() => appliedRecords(results));
  const done = results.filter((result) => result.status === 'done').length;
  output.info(`applied ${plural(done, 'change')}`);
  const passwordless = describePasswordless(plan);
  if (passwordless) output.warn(passwordless);
}

/** What -o json|yaml shows of each change apply made, failed or did not make. */
function appliedRecords(results: readonly AppliedChange[]) {
  return results.map(({ change, status, note }) => ({ ...change, status, ...(note ? { note } : {}) }));
}

/** The error that ends a stopped apply, after the report of what was done and what not. */
async function stopped(app: App, stop: ApplyStopped): Promise<Error> {
  const failure = describeFailure(stop.failure);
  if (failure.internal) return stop.failure instanceof Error ? stop.failure : new Error(String(stop.failure));
  const output = await app.output();
  const failed = stop.results.find((result) => result.status === 'failed');
  if (failed && stop.failure instanceof ChangeOutcomeUnknownError) failed.note = 'outcome unknown';
  await output.machineOnly(() => appliedRecords(stop.results));
  if (!output.machineReadable) output.detail(appliedTable(stop.results, output.stderrStyle));
  const done = stop.results.filter((result) => result.status === 'done').length;
  const left = stop.results.length - done;
  const what = failed ? `${failed.change.action} ${failed.change.object} ${describeChange(failed.change)}` : 'a change';
  return new CliError(
    `apply stopped at ${what}: ${failure.message}; ${done} of ${stop.results.length} changes were made, ${left} not (apply the file again to make the rest)`,
    done > 0 ? ExitCode.Partial : failure.exitCode,
    failure.hint,
  );
}

/**
 * What the lock-out guard (src/access/lockout.ts) finds in the plan for the credentials' user, in
 * words; undefined when nothing. Without credentials the REST API checks nothing; a bearer token
 * names no user the tool can read, so a plan that may take permissions away is a finding.
 */
async function lockoutProblem(app: App, client: EngineClient, plan: AccessPlan): Promise<string | undefined> {
  const credentials = (await engineTarget(app)).credentials;
  if (credentials === undefined) return undefined;
  if (credentials.type === 'bearer') {
    const risky = mayTakeAway(plan);
    return risky.length === 0 ? undefined : describeUnknownUserRisk(risky);
  }
  const user = credentials.username.value;
  const losses = await lockoutLosses(client, plan, user);
  return losses.length === 0 ? undefined : describeLosses(user, losses);
}

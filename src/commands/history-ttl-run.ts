/** What `history ttl list` and `history ttl set` do (declared in ./history-ttl.ts, re-exported by ./history-actions.ts). */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import { kindNoun } from '../history/ttl-definitions.js';
import { listTimeToLive } from '../history/ttl-list.js';
import { applyTimeToLive, daysText, planTimeToLive, plannedTimeToLiveRequests, type TtlSetRequest } from '../history/ttl-set.js';
import { ttlGroupsView, ttlOutcomeRecords, ttlOutcomeView, ttlPlanView, ttlRequestLines, ttlSummary, ttlVersionsView } from '../render/history-ttl.js';
import type { TtlListFlags, TtlSetFlags } from './history-ttl-flags.js';
import { commaList, wholeNumber } from './options.js';

/** The engine reads a time-to-live as a Java Integer. */
const MOST_DAYS = 2_147_483_647;

export async function listTimeToLives(app: App, flags: TtlListFlags): Promise<void> {
  const kind = flags.decisions ? 'decision' : 'process';
  // Three kinds of requests, a page or so each: node:http does (undici would cost its start-up).
  const client = await engineClient(app);
  const report = await listTimeToLive(client, { kind, key: flags.key, missingOnly: Boolean(flags.missing) });
  const output = await app.output();
  for (const note of report.notes) output.warn(note);
  // Off a terminal stdout carries rows only: none found prints none (the summary says so on stderr).
  if (report.groups.length > 0 || output.machineReadable)
    await output.data(report.groups, flags.key !== undefined ? ttlVersionsView(kind) : ttlGroupsView(kind));
  if (report.versions === 0 && flags.key !== undefined) output.warn(`no ${kindNoun(kind)} with key '${flags.key}' (${report.keyHint ?? ''})`);
  else output.info(ttlSummary(report));
  if (flags.detailedExitcode && report.withoutTimeToLive > 0) app.exitCode = ExitCode.DifferencesFound;
}

export async function setTimeToLives(app: App, key: string, flags: TtlSetFlags): Promise<void> {
  const request = setRequest(key, flags);
  const client = await engineClient(app);
  const plan = await planTimeToLive(client, request);
  const output = await app.output();
  const noun = `${plan.changes.length} version${plan.changes.length === 1 ? '' : 's'} of ${request.kind} ${plan.key}`;
  const tenants = plan.tenants.length > 1 || plan.tenants[0] !== null ? ` (tenants: ${plan.tenants.map((tenant) => tenant ?? 'none').join(', ')})` : '';
  const target = plan.days === null ? 'no time-to-live' : daysText(plan.days);
  const skipped = plan.unchanged.length > 0 ? `; ${plan.unchanged.length} already ${plan.unchanged.length === 1 ? 'has' : 'have'} ${target}` : '';
  // What the run does, in the words of its question and its last line.
  const change = plan.days === null ? `clear the time-to-live of ${noun}${tenants}` : `set ${target} on ${noun}${tenants}`;
  if (plan.changes.length === 0) {
    await output.machineOnly(() => []);
    output.info(`nothing to change: every version selected has ${target}${tenants}`);
    return;
  }
  if (flags.dryRun) {
    const requests = plannedTimeToLiveRequests(client, plan);
    await output.machineOnly(() => requests);
    await output.tableOnly(plan, ttlPlanView);
    if (!output.machineReadable) output.raw(`${ttlRequestLines(requests)}\n`);
    output.info(`dry run: would ${change}${skipped}; nothing was sent`);
    return;
  }
  const question =
    plan.days === null ? `clear the history time-to-live of ${noun}${tenants}` : `set the history time-to-live of ${noun}${tenants} to ${target}`;
  // On a terminal the preview is shown, then asked; off one (--yes) the outcome's table says as much.
  if (app.interactive) {
    await output.tableOnly(plan, ttlPlanView);
    if (skipped) output.info(skipped.slice(2));
  }
  await app.confirm(question);
  const result = await applyTimeToLive(client, plan);
  await output.data(ttlOutcomeRecords(result.outcomes), { table: (_records, style) => ttlOutcomeView.table(result.outcomes, style) });
  if (result.failure) throw result.failure;
  output.info(`${plan.days === null ? `cleared the time-to-live of ${noun}${tenants}` : `set ${target} on ${noun}${tenants}`}, each read back`);
}

function setRequest(key: string, flags: TtlSetFlags): TtlSetRequest {
  if (flags.days !== undefined && flags.clear) throw new UsageError('--days and --clear: give one of them');
  if (flags.days === undefined && !flags.clear) throw new UsageError('give the time-to-live: --days N (or --clear to remove it)');
  const days = flags.clear ? null : wholeNumber(flags.days, '--days', 0, MOST_DAYS)!;
  const versions = flags.version?.flatMap((text) => commaList(text, '--version').map((version) => wholeNumber(version, '--version', 1)!));
  return { kind: flags.decision ? 'decision' : 'process', key, days, versions, tenant: flags.tenant };
}

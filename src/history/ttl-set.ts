/**
 * `history ttl set`: the history time-to-live of every version of a key (or the versions named), one
 * PUT per definition id, each read back after. The engine's per-key endpoint changes the latest version
 * only, which is why it is never used here (docs/history.md#time-to-live).
 */
import type { EngineClient } from '../engine/client.js';
import { EngineHttpError } from '../engine/errors.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { commandLine, sendChange } from '../exit.js';
import { ChangeFailedError, messageOf } from '../change/errors.js';
import { compareText } from '../util/text.js';
import { type DefinitionKind, definitionsOf, kindNoun, type TtlDefinition, versionRanges } from './ttl-definitions.js';

export interface TtlSetRequest {
  kind: DefinitionKind;
  key: string;
  /** Days (0 or more), or null to clear the time-to-live. */
  days: number | null;
  /** Only these versions; every version when absent. */
  versions?: readonly number[] | undefined;
  /** Only the versions of this tenant; every tenant's when absent. */
  tenant?: string | undefined;
}

export interface TtlChange {
  definition: TtlDefinition;
  before: number | null;
  after: number | null;
}

export interface TtlSetPlan {
  kind: DefinitionKind;
  key: string;
  days: number | null;
  /** The versions whose time-to-live changes, by tenant and version. */
  changes: TtlChange[];
  /** The versions that have it already: nothing is sent for them. */
  unchanged: TtlDefinition[];
  /** The tenants of the versions selected (null: without a tenant). */
  tenants: (string | null)[];
}

/** A request of the run, as a dry run prints it. */
export interface PlannedTtlRequest {
  method: 'PUT';
  url: string;
  body: { historyTimeToLive: number | null };
}

type TtlOutcomeStatus = 'set' | 'failed' | 'not sent';

export interface TtlOutcome extends TtlChange {
  status: TtlOutcomeStatus;
  /** What the engine holds after the run (read back) for a version set; the value before for one not set (not read again). */
  readBack: number | null;
}

/** The message the engine's HistoryTimeToLiveParser refuses a null with while enforceHistoryTimeToLive is on. */
const NULL_REFUSED = 'Null historyTimeToLive values are not allowed';

/** Reads the versions and works out what changes; nothing is sent. */
export async function planTimeToLive(client: EngineClient, request: TtlSetRequest): Promise<TtlSetPlan> {
  const definitions = definitionsOf(client, request.kind);
  const all = await definitions.list({ key: request.key, tenant: request.tenant });
  const noun = kindNoun(request.kind);
  if (all.length === 0) {
    if (request.tenant === undefined) throw new CliError(`no ${noun} with key '${request.key}'`, ExitCode.NotFound, await definitions.keysNear(request.key));
    const elsewhere = [...new Set((await definitions.list({ key: request.key })).map((definition) => definition.tenantId ?? 'none'))];
    throw new CliError(
      `no ${noun} with key '${request.key}' in tenant '${request.tenant}'`,
      ExitCode.NotFound,
      elsewhere.length > 0 ? `its tenants: ${elsewhere.join(', ')}` : await definitions.keysNear(request.key),
    );
  }
  let selected = all;
  if (request.versions !== undefined) {
    const wanted = new Set(request.versions);
    const absent = [...wanted].filter((version) => !all.some((definition) => definition.version === version));
    if (absent.length > 0)
      throw new CliError(
        `${request.key} has no version ${versionRanges(absent)}`,
        ExitCode.NotFound,
        `its versions: ${versionRanges(all.map((definition) => definition.version))}`,
      );
    selected = all.filter((definition) => wanted.has(definition.version));
  }
  selected = [...selected].sort((a, b) => compareText(a.tenantId ?? '', b.tenantId ?? '') || a.version - b.version);
  const current = (definition: TtlDefinition) => definition.historyTimeToLive ?? null;
  return {
    kind: request.kind,
    key: request.key,
    days: request.days,
    changes: selected
      .filter((definition) => current(definition) !== request.days)
      .map((definition) => ({ definition, before: current(definition), after: request.days })),
    unchanged: selected.filter((definition) => current(definition) === request.days),
    tenants: [...new Set(selected.map((definition) => definition.tenantId ?? null))],
  };
}

/** The requests a run would send, for --dry-run. */
export function plannedTimeToLiveRequests(client: EngineClient, plan: TtlSetPlan): PlannedTtlRequest[] {
  const definitions = definitionsOf(client, plan.kind);
  return plan.changes.map((change) => ({
    method: 'PUT',
    url: client.http.url(definitions.timeToLivePath(change.definition.id)),
    body: { historyTimeToLive: change.after },
  }));
}

export interface TtlSetResult {
  outcomes: TtlOutcome[];
  /** Why the run stopped before the end, as the error to end the command with; undefined when every version was set. */
  failure?: Error | undefined;
}

/**
 * Sends the changes one at a time, each read back before the next. The first failure stops the run
 * (the next would most often fail the same way): the versions set so far stay set, and a run again
 * skips them.
 */
export async function applyTimeToLive(client: EngineClient, plan: TtlSetPlan): Promise<TtlSetResult> {
  const definitions = definitionsOf(client, plan.kind);
  const outcomes: TtlOutcome[] = plan.changes.map((change) => ({ ...change, status: 'not sent', readBack: change.before }));
  const check = ['history', 'ttl', 'list', '--key', plan.key, ...(plan.kind === 'decision' ? ['--decisions'] : [])];
  for (const outcome of outcomes) {
    const { id } = outcome.definition;
    let readBack: number | null;
    try {
      await sendChange(check, () => definitions.updateTimeToLive(id, outcome.after));
      readBack = (await definitions.get(id)).historyTimeToLive ?? null;
    } catch (error) {
      // A read-back that failed counts as a failure too: the run stops, and a run again checks it.
      outcome.status = 'failed';
      return { outcomes, failure: failureOf(error, plan, outcomes) };
    }
    outcome.readBack = readBack;
    outcome.status = 'set';
    if (readBack !== outcome.after)
      return {
        outcomes,
        failure: new CliError(
          `${describe(outcome.definition)}: the time-to-live did not hold: sent ${daysText(outcome.after)}, read back ${daysText(readBack)}`,
          ExitCode.NotConfirmed,
          `another writer may have changed it meanwhile; check with: ${commandLine(['camunda-admin', ...check])}`,
        ),
      };
  }
  return { outcomes };
}

/** The error to end with: the engine's own when nothing was set (with the enforcement explained), else a partial success. */
function failureOf(error: unknown, plan: TtlSetPlan, outcomes: readonly TtlOutcome[]): Error {
  const set = outcomes.filter((outcome) => outcome.status === 'set').length;
  const failed = outcomes.find((outcome) => outcome.status === 'failed')!;
  const refusedNull = error instanceof EngineHttpError && error.status === 400 && (error.body?.message ?? '').includes(NULL_REFUSED);
  const hint = refusedNull
    ? 'the engine enforces a history time-to-live (enforceHistoryTimeToLive, on by default since 7.20): it cannot be cleared there; give --days N'
    : undefined;
  if (set === 0) return refusedNull ? new CliError(messageOf(error), ExitCode.EngineRejected, hint) : (error as Error);
  return new ChangeFailedError(
    `set ${set} of ${outcomes.length} versions of ${plan.key}; ${describe(failed.definition)} failed: ${messageOf(error)}`,
    'partial',
    { hint: hint ?? 'run the same command again: the versions set already are skipped', cause: error },
  );
}

function describe(definition: TtlDefinition): string {
  return `${definition.key}:${definition.version}${definition.tenantId ? ` (tenant ${definition.tenantId})` : ''}`;
}

export function daysText(days: number | null): string {
  return days === null ? 'none' : `${days} day${days === 1 ? '' : 's'}`;
}

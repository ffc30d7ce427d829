/**
 * `--canary N`: the first N instances of a run are migrated on their own (one sync execute), then
 * checked before the rest is sent: every one on the target definition (or ended since), and no
 * incident on it that it did not have before. Terminal-free, like the rest of src/migration/.
 */
import type { EngineClient } from '../engine/client.js';
import type { Incident } from '../engine/incidents.js';
import { classifyInstances } from './outcome.js';

/** One canary instance after the migration. */
export interface CanaryInstance {
  id: string;
  /** Where the engine has it now (the definition it ended on, for an ended one); null when found nowhere. */
  definitionId: string | null;
  state: 'on-target' | 'ended' | 'elsewhere';
  /** Incidents it has now that it did not have before the canary. */
  newIncidents: Pick<Incident, 'id' | 'incidentType' | 'activityId' | 'incidentMessage'>[];
}

export interface CanaryCheck {
  passed: boolean;
  instances: CanaryInstance[];
  /** One line per problem, for the journal and the error: `ID: new incident failedJob at approve: …`. */
  problems: string[];
}

/** Incident lookups at once: one request per instance (GET /incident has no list of instance ids). */
const PARALLEL_LOOKUPS = 8;

/** The open incidents of each instance. */
async function incidentsOf(client: EngineClient, ids: readonly string[]): Promise<Map<string, Incident[]>> {
  const found = new Map<string, Incident[]>();
  for (let start = 0; start < ids.length; start += PARALLEL_LOOKUPS) {
    const slice = ids.slice(start, start + PARALLEL_LOOKUPS);
    const answers = await Promise.all(slice.map((id) => client.incidents.ofInstance(id)));
    slice.forEach((id, index) => found.set(id, answers[index]!));
  }
  return found;
}

/** The ids of the open incidents of `ids`: what the canary is compared with afterwards. */
export async function incidentIdsOf(client: EngineClient, ids: readonly string[]): Promise<string[]> {
  return [...(await incidentsOf(client, ids)).values()].flat().map((incident) => incident.id);
}

/**
 * Checks the canary's instances: where the engine has them now, and their incidents against those
 * they had before (`incidentsBefore`, by id: a migrated incident keeps its id).
 */
export async function checkCanary(
  client: EngineClient,
  run: { ids: readonly string[]; sourceDefinitionId: string; targetDefinitionId: string; incidentsBefore: ReadonlySet<string> },
): Promise<CanaryCheck> {
  const [outcomes, incidents] = await Promise.all([
    classifyInstances(client.processInstances, run.ids, run.sourceDefinitionId, run.targetDefinitionId),
    incidentsOf(client, run.ids),
  ]);
  const problems: string[] = [];
  const instances = outcomes.map((outcome): CanaryInstance => {
    const state = outcome.outcome === 'migrated' || outcome.outcome === 'already-migrated' ? 'on-target' : outcome.outcome === 'ended' ? 'ended' : 'elsewhere';
    const newIncidents = (incidents.get(outcome.id) ?? [])
      .filter((incident) => !run.incidentsBefore.has(incident.id))
      .map(({ id, incidentType, activityId, incidentMessage }) => ({ id, incidentType, activityId, incidentMessage }));
    if (state === 'elsewhere') {
      problems.push(`${outcome.id}: ${outcome.definitionId === null ? 'found nowhere' : `on ${outcome.definitionId}`}, not on the target definition`);
    }
    for (const incident of newIncidents) {
      problems.push(`${outcome.id}: new incident ${incident.incidentType ?? '(no type)'} at ${incident.activityId ?? '(no activity)'}: ${oneLine(incident.incidentMessage ?? '(no message)')}`);
    }
    return { id: outcome.id, definitionId: outcome.definitionId, state, newIncidents };
  });
  return { passed: problems.length === 0, instances, problems };
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

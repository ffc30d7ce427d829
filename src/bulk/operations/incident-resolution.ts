/**
 * Resolving incidents by hand (DELETE /incident/{id}), and why the incidents of failed jobs and
 * external tasks are not: the engine refuses them (ResolveIncidentCmd: "Cannot resolve an incident of
 * type failedJob", 400), because retries above 0 resolve them. The refusal is said before anything is
 * sent, with the command that does it (`job retry`, `external-task retry`).
 */
import { ChangeFailedError } from '../../change/errors.js';
import type { EngineClient } from '../../engine/client.js';
import type { Incident } from '../../engine/incidents.js';

/** The incident types only retries resolve, with the command that gives the retries. */
const RESOLVED_BY_RETRIES: Readonly<Record<string, { what: string; command: string }>> = {
  failedJob: { what: 'its job', command: 'job retry' },
  failedExternalTask: { what: 'its external task', command: 'external-task retry' },
};

/** Why an incident cannot be resolved by hand, with what to run instead; undefined when it can. */
export function resolutionRefusal(incident: Pick<Incident, 'id' | 'incidentType' | 'processInstanceId'>): string | undefined {
  const retried = RESOLVED_BY_RETRIES[incident.incidentType ?? ''];
  if (retried === undefined) return undefined;
  const instance = incident.processInstanceId ? ` --instances ${incident.processInstanceId}` : '';
  return (
    `incident ${incident.id} is of type ${incident.incidentType}: the engine resolves it only when ${retried.what} gets retries above 0 ` +
    `(it refuses DELETE /incident for this type), so it was not sent; run: camunda-admin ${retried.command}${instance}`
  );
}

/**
 * Resolves the open incidents `ids` one by one, after checking all of them: an incident that only
 * retries resolve refuses the whole request (exit 3) before anything is sent; one the engine does not
 * have is not found (exit 5).
 */
export async function resolveIncidents(client: EngineClient, ids: readonly string[]): Promise<{ resolved: string[] }> {
  const incidents: Incident[] = [];
  for (const id of ids) {
    const incident = await client.incidents.byId(id);
    if (incident === undefined)
      throw new ChangeFailedError(`incident ${id} is not open on the engine (resolved already, or never there); nothing was sent`, 'not-found');
    incidents.push(incident);
  }
  const refusals = incidents.map(resolutionRefusal).filter((refusal): refusal is string => refusal !== undefined);
  if (refusals.length > 0) throw new ChangeFailedError(refusals.join('\n'), 'refused');
  const resolved: string[] = [];
  for (const incident of incidents) {
    await client.incidents.resolve(incident.id);
    resolved.push(incident.id);
  }
  return { resolved };
}

/**
 * `deployment delete`: the deployment read first (a typo is a 404 before anything is asked), with
 * --cascade its running process instances counted and the question asked naming them; without it,
 * the engine's refusal for running instances said in one line with their count.
 */
import type { EngineClient } from '../engine/client.js';
import type { Deployment, DeploymentDeletion } from '../engine/deployments.js';
import { EngineHttpError } from '../engine/errors.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { sendChange } from '../exit.js';
import { plural } from '../util/text.js';

export interface DeletionOutcome {
  deployment: Deployment;
  /** Running instances deleted with it (--cascade); 0 without. */
  instances: number;
}

function describe(deployment: Deployment): string {
  return `deployment ${deployment.id}${deployment.name ? ` (${deployment.name})` : ''}`;
}

export async function deleteDeployment(
  client: EngineClient,
  id: string,
  options: DeploymentDeletion,
  confirm: (question: string) => Promise<void>,
): Promise<DeletionOutcome> {
  const deployment = await client.deployments.get(id);
  const running = () => client.processInstances.count({ deploymentId: id });
  let instances = 0;
  if (options.cascade) {
    instances = await running();
    await confirm(`delete ${describe(deployment)} with ${plural(instances, 'running process instance')} and the history of its definitions`);
  } else {
    await confirm(`delete ${describe(deployment)}`);
  }
  try {
    await sendChange(['deployment', 'get', id], () => client.deployments.delete(id, options));
  } catch (error) {
    if (options.cascade || !(error instanceof EngineHttpError) || error.status === 404) throw error;
    const count = await running().catch(() => 0);
    if (count === 0) throw error;
    throw new CliError(
      `the engine refused to delete ${describe(deployment)}: ${plural(count, 'process instance')} of its definitions ${count === 1 ? 'runs' : 'run'}`,
      ExitCode.EngineRejected,
      '--cascade deletes them with it, after a confirmation naming how many',
    );
  }
  return { deployment, instances };
}

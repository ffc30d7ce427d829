/**
 * External scripts (`camunda:resource` on a script task or a `camunda:script`), as the engine finds
 * them (ResourceUtil.loadResourceContent): `deployment://NAME` is a resource of the definition's own
 * deployment, read here over REST and scanned as script text; `classpath://PATH`, or a path without
 * a scheme, is on the application's classpath, and an expression (`${…}`) names the script only at
 * run time: neither can be read over REST, so they are named as not checked.
 */
import type { DeploymentApi, DeploymentResource } from '../engine/deployments.js';
import { type ExternalScript, scanScriptText, type ScriptReference } from './resource-scan.js';

const DEPLOYMENT_SCHEME = 'deployment://';

/** What became of one external script: its references, or why it was not read. */
export type ExternalScriptResult =
  { read: true; name: string; references: ScriptReference[] } | { read: false; why: 'classpath' | 'expression' | 'missing' | 'no-deployment' };

/** Reads the deployment resources external scripts name, each deployment's list once. */
export class ExternalScriptReader {
  private readonly listings = new Map<string, Promise<DeploymentResource[]>>();

  constructor(private readonly deployments: DeploymentApi) {}

  async scan(script: ExternalScript, deploymentId: string | null): Promise<ExternalScriptResult> {
    const path = script.resource.trim();
    if (/^[$#]\{/.test(path)) return { read: false, why: 'expression' };
    if (!path.startsWith(DEPLOYMENT_SCHEME)) return { read: false, why: 'classpath' };
    if (deploymentId === null) return { read: false, why: 'no-deployment' };
    const name = path.slice(DEPLOYMENT_SCHEME.length);
    let listing = this.listings.get(deploymentId);
    if (listing === undefined) {
      listing = this.deployments.resources(deploymentId);
      this.listings.set(deploymentId, listing);
    }
    const resource = (await listing).find((candidate) => candidate.name === name);
    if (resource === undefined) return { read: false, why: 'missing' };
    return { read: true, name, references: scanScriptText(await this.deployments.resourceText(deploymentId, resource.id)) };
  }
}

/** The note for a script that was not read, in words. */
export function unreadScriptNote(why: Exclude<ExternalScriptResult, { read: true }>['why'], resource: string): string {
  switch (why) {
    case 'classpath':
      return `runs ${resource} from the application's classpath, which REST cannot read: check it in the application's code`;
    case 'expression':
      return `runs the script an expression names at run time (${resource}): check the scripts it can name`;
    case 'missing':
      return `names ${resource}, which its deployment does not hold: the script task fails on any engine`;
    case 'no-deployment':
      return `runs ${resource}, but the definition names no deployment to read it from`;
  }
}

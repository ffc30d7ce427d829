/**
 * External scripts (`camunda:resource` on a script task or a `camunda:script`), as the engine finds
 * them (ResourceUtil.loadResourceContent): `deployment://NAME` is a resource of the definition's own
 * deployment, read here over REST and scanned as script text; `classpath://PATH`, or a path without
 * a scheme, is on the application's classpath, and an expression (`${…}`) names the script only at
 * run time: neither can be read over REST, so they are named as not checked. The engine knows no
 * other scheme (exactly `classpath` or `deployment`, case and all): any other fails on every engine.
 */
import type { DeploymentApi, DeploymentResource } from '../engine/deployments.js';
import { EngineAuthorizationError } from '../engine/errors.js';
import { type ExternalScript, scanScriptText, type ScriptReference } from './resource-scan.js';

const SCHEME_END = '://';

/** Why a script was not read: the ones that are not checked, and the ones that fail on any engine (missing, unknown-scheme). */
type UnreadWhy = 'classpath' | 'expression' | 'missing' | 'unknown-scheme' | 'no-deployment' | 'forbidden';

/** What became of one external script: its references, or why it was not read. */
export type ExternalScriptResult = { read: true; name: string; references: ScriptReference[] } | { read: false; why: UnreadWhy };

/** Reads the deployment resources external scripts name, each deployment's list once. */
export class ExternalScriptReader {
  private readonly listings = new Map<string, Promise<DeploymentResource[]>>();

  constructor(private readonly deployments: DeploymentApi) {}

  async scan(script: ExternalScript, deploymentId: string | null): Promise<ExternalScriptResult> {
    const path = script.resource;
    // ScriptUtil.isDynamicScriptExpression: a trimmed value starting ${ or #{.
    if (/^[$#]\{/.test(path.trim())) return { read: false, why: 'expression' };
    // ResourceUtil.loadResourceContent: split at the first ://; without one, the classpath.
    const split = path.indexOf(SCHEME_END);
    const scheme = split === -1 ? 'classpath' : path.slice(0, split);
    if (scheme === 'classpath') return { read: false, why: 'classpath' };
    if (scheme !== 'deployment') return { read: false, why: 'unknown-scheme' };
    if (deploymentId === null) return { read: false, why: 'no-deployment' };
    const name = path.slice(split + SCHEME_END.length);
    try {
      let listing = this.listings.get(deploymentId);
      if (listing === undefined) {
        listing = this.deployments.resources(deploymentId);
        this.listings.set(deploymentId, listing);
      }
      const resource = (await listing).find((candidate) => candidate.name === name);
      if (resource === undefined) return { read: false, why: 'missing' };
      const language = script.language ?? name.slice(name.lastIndexOf('.') + 1);
      return { read: true, name, references: scanScriptText(await this.deployments.resourceText(deploymentId, resource.id), language) };
    } catch (error) {
      // READ on the deployment is the caller's to lack: this script is not checked, the rest goes on.
      if (error instanceof EngineAuthorizationError) return { read: false, why: 'forbidden' };
      throw error;
    }
  }
}

/** The note for a script that was not read, in words. */
export function unreadScriptNote(why: UnreadWhy, resource: string): string {
  switch (why) {
    case 'classpath':
      return `runs ${resource} from the application's classpath, which REST cannot read: check it in the application's code`;
    case 'expression':
      return `runs the script an expression names at run time (${resource}): check the scripts it can name`;
    case 'missing':
      return `names ${resource}, which its deployment does not hold: it fails on any engine when it runs the script`;
    case 'unknown-scheme':
      return `names ${resource}: the engine loads scripts only from classpath:// and deployment:// (spelled so), so it fails on any engine when it runs the script`;
    case 'no-deployment':
      return `runs ${resource}, but the definition names no deployment to read it from: not checked`;
    case 'forbidden':
      return `runs ${resource} from its deployment, which these credentials may not read (READ on Deployment): not checked`;
  }
}

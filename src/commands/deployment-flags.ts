/** The options of the `deployment` commands (./deployment.ts declares them, ./deployment-actions.ts takes their types). */
import { pagingFlags, sortingFlags } from './options.js';
import { flagSpec } from './spec.js';

export const DEPLOYMENT_CREATE_FLAGS = flagSpec(
  { flags: '--name <name>', description: 'the deployment name (duplicate filtering compares with the deployments of this name)' },
  {
    flags: '--changed-only',
    description: 'duplicate filtering: deploy only the files that differ from the latest deployment of --name (the engine keeps the rest as they are)',
  },
  {
    flags: '--filter-duplicates',
    description: 'duplicate filtering: deploy nothing when no file differs from the latest deployment of --name, every file when one does',
  },
  { flags: '--tenant <id>', description: 'deploy for this tenant' },
  { flags: '--source <source>', description: 'the deployment source (duplicate filtering compares within one source)' },
  {
    flags: '--allow-missing',
    description: 'the engine sets a history time-to-live itself (a global default) or does not enforce one: a model without one is no problem',
  },
  { flags: '--dry-run', description: 'check the files and list what would be sent; send nothing' },
);

export const DEPLOYMENT_LIST_FLAGS = flagSpec(
  { flags: '--name <name>', description: 'exact deployment name' },
  { flags: '--name-like <pattern>', description: 'name pattern, % as wildcard' },
  { flags: '--source <source>', description: 'deployment source' },
  { flags: '--tenant <ids>', description: 'comma-separated tenant ids' },
  ...sortingFlags('id, name, deploymentTime or tenantId', 'deploymentTime'),
  ...pagingFlags('every deployment, page by page'),
);

export const DEPLOYMENT_DELETE_FLAGS = flagSpec(
  { flags: '--cascade', description: 'also delete the running process instances and the history of its definitions (asks first, naming how many)' },
  { flags: '--skip-custom-listeners', description: 'with --cascade: do not call the execution listeners of the deleted instances' },
  { flags: '--skip-io-mappings', description: 'with --cascade: do not run the output mappings of the deleted instances' },
);

/**
 * cosmiconfig, set up for camunda-admin's config file. A module of its own so that cosmiconfig (and
 * the js-yaml it brings) load only when a config file may exist (load.ts: mayFindConfigFile).
 */
import { cosmiconfig, defaultLoaders, type Loader } from 'cosmiconfig';
import { loadJsonConfig, loadYamlConfig } from './loaders.js';
import { SEARCH_PLACES } from './places.js';

export interface FoundConfig {
  config: unknown;
  filepath: string;
  isEmpty?: boolean;
}

/** Reads `file`, or searches from `from` as docs/configuration.md describes; null when there is no config file. */
export async function findConfig(from: string, file: string | undefined): Promise<FoundConfig | null> {
  const explorer = cosmiconfig('camunda-admin', {
    searchPlaces: SEARCH_PLACES,
    searchStrategy: 'global',
    cache: false,
    loaders: {
      '.json': loadJsonConfig,
      '.yaml': loadYamlConfig,
      '.yml': loadYamlConfig,
      noExt: loadYamlConfig,
      '.js': throwingErrors(defaultLoaders['.js']),
      '.cjs': throwingErrors(defaultLoaders['.cjs']),
      '.mjs': throwingErrors(defaultLoaders['.mjs']),
    },
  });
  return file ? await explorer.load(file) : await explorer.search(from);
}

/**
 * A JS config may throw anything; cosmiconfig names the file on the error it gets by setting a
 * property on it, which fails on a string or null and loses the file. Only Errors leave here.
 */
function throwingErrors(load: Loader): Loader {
  return async (file, content) => {
    try {
      return await load(file, content);
    } catch (error) {
      throw error instanceof Error ? error : new Error(`threw ${String(error)}`);
    }
  };
}

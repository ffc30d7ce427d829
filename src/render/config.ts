/** `config show`: the resolved target as rows of setting, value and source. Secrets never appear. */
import { describeSource, type ResolvedTarget, type Sourced } from '../config/resolve.js';
import type { View } from './output.js';
import { renderTable } from './table.js';

const REDACTED = '<redacted>';

interface ShownSetting {
  value: string | number | boolean | null;
  source: string;
}

export interface ShownConfig {
  configFile: string | null;
  profile: string | null;
  /** How the profile was chosen: `flag --profile`, `env CAMUNDA_PROFILE` or `defaultProfile`. */
  profileSource: string | null;
  /** The URL requests go to, with the named engine's path. */
  endpoint: string;
  settings: Record<string, ShownSetting>;
}

function shown<T extends string | number | boolean>(sourced: Sourced<T> | undefined, redact = false): ShownSetting {
  if (!sourced) return { value: null, source: 'not set' };
  return { value: redact ? REDACTED : sourced.value, source: describeSource(sourced.source) };
}

const PROFILE_SOURCE = { flag: 'flag --profile', env: 'env CAMUNDA_PROFILE', defaultProfile: 'defaultProfile of the config file' } as const;

export function describeTarget(target: ResolvedTarget): ShownConfig {
  const credentials = target.credentials;
  const settings: Record<string, ShownSetting> = {
    url: shown(target.url),
    engine: shown(target.engine),
    auth: credentials
      ? { value: credentials.type, source: describeSource((credentials.type === 'basic' ? credentials.username : credentials.token).source) }
      : { value: 'none', source: 'no credentials set' },
  };
  if (credentials?.type === 'basic') {
    settings.username = shown(credentials.username);
    settings.password = shown(credentials.password, true);
  } else if (credentials?.type === 'bearer') {
    settings.token = shown(credentials.token, true);
  }
  settings.timeout = shown(target.timeoutSeconds);
  settings.retries = shown(target.retries);
  settings.caFile = shown(target.caFile);
  settings.insecure = shown(target.insecure);
  settings.certFile = shown(target.certFile);
  settings.keyFile = shown(target.keyFile);
  settings.maxResultsLimit = target.maxResultsLimit ? shown(target.maxResultsLimit) : { value: null, source: "not set: learned from the engine's answer" };
  // The proxy for the URL's scheme (its password redacted), the hosts reached without it, and which
  // of the two applies to the engine.
  const proxy = target.proxy;
  settings.proxy = proxy.setting
    ? { value: proxy.setting.display, source: `env ${proxy.setting.variable}` }
    : { value: null, source: `not set (${proxy.variables.join(', ')})` };
  settings.noProxy = proxy.noProxy ? { value: proxy.noProxy.value, source: `env ${proxy.noProxy.variable}` } : { value: null, source: 'not set' };
  settings.connection = proxy.route
    ? { value: 'proxy', source: `no ${proxy.noProxy?.variable ?? 'NO_PROXY'} entry matches ${new URL(target.url.value).hostname}` }
    : {
        value: 'direct',
        source: proxy.bypassedBy !== undefined ? `${proxy.noProxy?.variable ?? 'NO_PROXY'} entry '${proxy.bypassedBy}'` : 'no proxy set',
      };
  const engine = target.engine ? `/engine/${encodeURIComponent(target.engine.value)}` : '';
  return {
    configFile: target.configFile ?? null,
    profile: target.profile?.name ?? null,
    profileSource: target.profile ? PROFILE_SOURCE[target.profile.selectedBy] : null,
    endpoint: `${target.url.value}${engine}`,
    settings,
  };
}

export const configView: View<ShownConfig> = {
  table(config, style) {
    const rows: [string, string | number | boolean | null, string][] = [
      ['config file', config.configFile ?? '(none found)', ''],
      ['profile', config.profile ?? '(none)', config.profileSource ?? ''],
      ['endpoint', config.endpoint, ''],
      ...Object.entries(config.settings).map(([name, setting]) => [name, setting.value, setting.source] as [string, string | number | boolean | null, string]),
    ];
    // Values are URLs, paths and names: wrapped between words only.
    return renderTable([{ name: 'Setting', keepWords: true }, { name: 'Value', keepWords: true }, 'Source'], rows, style);
  },
};

/**
 * Resolves the target engine from flags, environment, the selected profile and built-in defaults,
 * in that order of precedence, remembering where each value came from (for `config show`).
 */
import { UsageError } from '../exit-codes.js';
import type { LoadedConfig } from './load.js';
import { type ResolvedProxy, resolveProxy } from './proxy.js';
import { parseRetries, parseSeconds } from './values.js';

export type Source =
  | { kind: 'flag'; flag: string }
  | { kind: 'env'; variable: string }
  | { kind: 'stdin' }
  | { kind: 'profile'; profile: string; file: string }
  | { kind: 'default' };

export interface Sourced<T> {
  value: T;
  source: Source;
}

type ResolvedCredentials = { type: 'basic'; username: Sourced<string>; password: Sourced<string> } | { type: 'bearer'; token: Sourced<string> };

export interface ResolvedTarget {
  url: Sourced<string>;
  engine: Sourced<string> | undefined;
  credentials: ResolvedCredentials | undefined;
  timeoutSeconds: Sourced<number>;
  retries: Sourced<number>;
  caFile: Sourced<string> | undefined;
  insecure: Sourced<boolean>;
  /** A client certificate for mutual TLS, and its key (PEM files). */
  certFile: Sourced<string> | undefined;
  keyFile: Sourced<string> | undefined;
  /** The engine's queryMaxResultsLimit as the profile gives it (no flag); learned from the engine otherwise. */
  maxResultsLimit: Sourced<number> | undefined;
  /** The proxy from the environment for the URL's scheme (./proxy.ts). */
  proxy: ResolvedProxy;
  configFile: string | undefined;
  profile: { name: string; selectedBy: 'flag' | 'env' | 'defaultProfile' } | undefined;
}

/** The target-related global flags as commander hands them over (strings, unparsed). */
export interface TargetFlags {
  url?: string | undefined;
  engine?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  token?: string | undefined;
  timeout?: string | undefined;
  retries?: string | undefined;
  caFile?: string | undefined;
  insecure?: boolean | undefined;
  certFile?: string | undefined;
  keyFile?: string | undefined;
}

const DEFAULT_URL = 'http://localhost:8080/engine-rest';
const DEFAULT_TIMEOUT_SECONDS = 30;
const DEFAULT_RETRIES = 2;

export function describeSource(source: Source): string {
  switch (source.kind) {
    case 'flag':
      return `flag ${source.flag}`;
    case 'env':
      return `env ${source.variable}`;
    case 'stdin':
      return 'stdin (--password-stdin)';
    case 'profile':
      return `profile ${source.profile} (${source.file})`;
    case 'default':
      return 'default';
  }
}

/** The global flags that select the target or its credentials, as commander names them. */
const TARGET_FLAGS = [
  ['url', '--url'],
  ['engine', '--engine'],
  ['profile', '--profile'],
  ['config', '--config'],
  ['username', '--username'],
  ['password', '--password'],
  ['token', '--token'],
  ['caFile', '--ca-file'],
  ['certFile', '--cert-file'],
  ['keyFile', '--key-file'],
] as const;

/** The environment variables that select the target or its credentials. */
const TARGET_VARIABLES = ['CAMUNDA_URL', 'CAMUNDA_ENGINE', 'CAMUNDA_PROFILE', 'CAMUNDA_USERNAME', 'CAMUNDA_PASSWORD', 'CAMUNDA_TOKEN'] as const;

const EMPTY_WHY = 'an empty value is refused rather than passed over for the next source: the default profile or URL may be production';

/**
 * Refuses an empty flag value or a set but empty variable among those that select the engine. Left
 * to precedence, an empty value would give way to the next source, the default profile or URL, which
 * may be production: a script's unset variable would then act on another engine than meant.
 */
export function refuseEmptyTargetValues(flags: Partial<Record<(typeof TARGET_FLAGS)[number][0], string | boolean | undefined>>, env: NodeJS.ProcessEnv): void {
  for (const [key, flag] of TARGET_FLAGS) {
    if (flags[key] === '') throw new UsageError(`${flag} is empty: give it a value, or leave it out`, EMPTY_WHY);
  }
  for (const variable of TARGET_VARIABLES) {
    if (env[variable] === '') throw new UsageError(`environment variable ${variable} is set but empty: give it a value, or unset it`, EMPTY_WHY);
  }
}

/** Rank of a source: lower wins. */
function rank(source: Source): number {
  return { flag: 0, stdin: 0, env: 1, profile: 2, default: 3 }[source.kind];
}

type Candidate<T> = [T | undefined, Source];

function first<T>(...candidates: Candidate<T>[]): Sourced<T> | undefined {
  for (const [value, source] of candidates) {
    if (value !== undefined && value !== '') return { value, source };
  }
  return undefined;
}

export function resolveTarget(flags: TargetFlags, env: NodeJS.ProcessEnv, config: LoadedConfig, stdinPassword?: string): ResolvedTarget {
  const loaded = config.profile;
  const profile = loaded?.profile ?? {};
  const fromProfile: Source = loaded ? { kind: 'profile', profile: loaded.name, file: loaded.file } : { kind: 'default' };
  const flag = (name: string): Source => ({ kind: 'flag', flag: name });
  const envVar = (variable: string): Source => ({ kind: 'env', variable });

  const rawUrl = first<string>([flags.url, flag('--url')], [env.CAMUNDA_URL, envVar('CAMUNDA_URL')], [profile.url, fromProfile]) ?? {
    value: DEFAULT_URL,
    source: { kind: 'default' },
  };
  const url = { value: normalizeUrl(rawUrl), source: rawUrl.source };

  const engine = first<string>([flags.engine, flag('--engine')], [env.CAMUNDA_ENGINE, envVar('CAMUNDA_ENGINE')], [profile.engine, fromProfile]);

  const basic = profile.auth?.type === 'basic' ? profile.auth : undefined;
  const bearer = profile.auth?.type === 'bearer' ? profile.auth : undefined;
  const username = first<string>([flags.username, flag('--username')], [env.CAMUNDA_USERNAME, envVar('CAMUNDA_USERNAME')], [basic?.username, fromProfile]);
  const password = first<string>(
    [stdinPassword, { kind: 'stdin' }],
    [flags.password, flag('--password')],
    [env.CAMUNDA_PASSWORD, envVar('CAMUNDA_PASSWORD')],
    [basic?.password, fromProfile],
  );
  const token = first<string>([flags.token, flag('--token')], [env.CAMUNDA_TOKEN, envVar('CAMUNDA_TOKEN')], [bearer?.token, fromProfile]);

  const timeout = first<number>([flags.timeout === undefined ? undefined : parseSeconds(flags.timeout), flag('--timeout')], [profile.timeout, fromProfile]) ?? {
    value: DEFAULT_TIMEOUT_SECONDS,
    source: { kind: 'default' },
  };
  const retries = first<number>([flags.retries === undefined ? undefined : parseRetries(flags.retries), flag('--retries')], [profile.retries, fromProfile]) ?? {
    value: DEFAULT_RETRIES,
    source: { kind: 'default' },
  };
  const caFile = first<string>([flags.caFile, flag('--ca-file')], [profile.caFile, fromProfile]);
  const insecure = first<boolean>([flags.insecure ? true : undefined, flag('--insecure')], [profile.insecure, fromProfile]) ?? {
    value: false,
    source: { kind: 'default' },
  };
  const certFile = first<string>([flags.certFile, flag('--cert-file')], [profile.certFile, fromProfile]);
  const keyFile = first<string>([flags.keyFile, flag('--key-file')], [profile.keyFile, fromProfile]);
  const maxResultsLimit = first<number>([profile.maxResultsLimit, fromProfile]);

  return {
    url,
    engine,
    credentials: resolveCredentials(username, password, token),
    timeoutSeconds: timeout,
    retries,
    caFile,
    insecure,
    certFile,
    keyFile,
    maxResultsLimit,
    proxy: resolveProxy(url.value, env),
    configFile: config.file,
    profile: loaded ? { name: loaded.name, selectedBy: loaded.selectedBy } : undefined,
  };
}

/**
 * Basic or Bearer, whichever comes from the higher-precedence source; a username and a token from
 * the same level is ambiguous and refused.
 */
function resolveCredentials(
  username: Sourced<string> | undefined,
  password: Sourced<string> | undefined,
  token: Sourced<string> | undefined,
): ResolvedCredentials | undefined {
  if (username && token) {
    if (rank(username.source) === rank(token.source)) {
      throw new UsageError(`both a username (${describeSource(username.source)}) and a token (${describeSource(token.source)}) are set; use one`);
    }
    if (rank(token.source) < rank(username.source)) return { type: 'bearer', token };
  } else if (token) {
    return { type: 'bearer', token };
  }
  if (!username) {
    if (password && (password.source.kind === 'flag' || password.source.kind === 'stdin')) {
      throw new UsageError(`a password was given (${describeSource(password.source)}) but no username; add --username`);
    }
    return undefined;
  }
  if (!password) {
    throw new UsageError(
      `username '${username.value}' (${describeSource(username.source)}) has no password`,
      "pass it with --password-stdin, CAMUNDA_PASSWORD or the profile's auth.password",
    );
  }
  return { type: 'basic', username, password };
}

/** Checks the REST root URL; a mistake here would otherwise surface as a confusing network error. */
function normalizeUrl(sourced: Sourced<string>): string {
  const where = describeSource(sourced.source);
  let url: URL;
  try {
    url = new URL(sourced.value);
  } catch {
    throw new UsageError(`invalid URL '${sourced.value}' (${where}): expected the REST root, e.g. ${DEFAULT_URL}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`invalid URL '${sourced.value}' (${where}): only http and https are supported`);
  }
  if (url.username || url.password) {
    throw new UsageError(`the URL (${where}) must not contain credentials; use --username with --password-stdin, or a profile`);
  }
  if (url.search || url.hash) {
    throw new UsageError(`invalid URL '${sourced.value}' (${where}): the REST root takes no query or fragment`);
  }
  return url.href.replace(/\/+$/, '');
}

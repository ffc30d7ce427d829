/**
 * Finds and reads the config file with cosmiconfig, validates it with zod (errors name the file
 * and the key), selects the profile and interpolates `${VAR}` from the environment.
 */
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { nodeFs } from '../util/node-fs.js';
import envPaths from 'env-paths';
import '../util/zod-messages.js';
import type * as core from 'zod/v4/core';
import { CliError, UsageError } from '../exit-codes.js';
import { fileSystemMessage } from '../input/file-errors.js';
import { expandEnvironment } from '../input/environment.js';
import { formatSize, MAX_CONFIG_BYTES } from '../input/limits.js';
import { closest } from '../util/suggest.js';
import { SEARCH_PLACES } from './places.js';
import type { FoundConfig } from './search.js';
import type { ConfigProblem } from './yaml-config.js';
import { configFileSchema, type Profile, profileSchema } from './schema.js';

/** Where cosmiconfig looks for its own options (its "meta config"), in the working directory. */
const COSMICONFIG_META_PLACES = [
  'package.yaml',
  '.config/config.json',
  '.config/config.yaml',
  '.config/config.yml',
  '.config/config.js',
  '.config/config.ts',
  '.config/config.cjs',
  '.config/config.mjs',
];
/** What cosmiconfig's search reads in the global config directory (~/.config/camunda-admin). */
const GLOBAL_PLACES = ['config', 'config.json', 'config.yaml', 'config.yml', 'config.js', 'config.ts', 'config.cjs', 'config.mjs'];

/**
 * False when cosmiconfig's search could only come back empty, because no file it would read exists:
 * its search ("global" strategy) reads every search place in `from` and each directory above it up to
 * the home directory, then the global config directory, one file at a time and asynchronously, which
 * costs several milliseconds even when nothing is there. A package.json counts only when it holds a
 * camunda-admin key, or cosmiconfig's own key; everything else that exists leaves it to cosmiconfig.
 */
export function mayFindConfigFile(from: string): boolean {
  if (existingConfigPlaces(from).length > 0) return true;
  return [...searchedDirectories(from), process.cwd()].some((directory) => packageJsonMayConfigure(join(directory, 'package.json')));
}

function searchedDirectories(from: string): string[] {
  const stopDir = resolve(homedir());
  const directories = [resolve(from)];
  while (directories.at(-1) !== stopDir) {
    const parent = dirname(directories.at(-1)!);
    if (parent === directories.at(-1)) break;
    directories.push(parent);
  }
  return directories;
}

/** The files other than package.json that cosmiconfig's search may read from `from`. */
function existingConfigPlaces(from: string): string[] {
  const directories = searchedDirectories(from);
  const candidates = [
    ...directories.flatMap((directory) => SEARCH_PLACES.filter((place) => place !== 'package.json').map((place) => join(directory, place))),
    ...GLOBAL_PLACES.map((place) => join(envPaths('camunda-admin', { suffix: '' }).config, place)),
    ...COSMICONFIG_META_PLACES.map((place) => join(process.cwd(), place)),
  ];
  const { existsSync } = nodeFs();
  return candidates.filter((file) => existsSync(file));
}

/**
 * cosmiconfig reads a whole file into a string before a loader sees it: a stray file of gigabytes
 * in a searched place is refused by its size first (src/input/limits.ts).
 */
async function refuseOversizedConfig(files: string[]): Promise<void> {
  const { stat } = await import('node:fs/promises');
  for (const file of files) {
    const size = await stat(file).then(
      (info) => (info.isFile() ? info.size : 0),
      () => 0,
    );
    if (size > MAX_CONFIG_BYTES) throw new UsageError(`${file}: the config file is larger than ${formatSize(MAX_CONFIG_BYTES)}`);
  }
}

function packageJsonMayConfigure(file: string): boolean {
  let text: string;
  try {
    text = nodeFs().readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  try {
    const manifest: unknown = JSON.parse(text);
    return typeof manifest !== 'object' || manifest === null || 'camunda-admin' in manifest || 'cosmiconfig' in manifest;
  } catch {
    return true; // cosmiconfig reports what is wrong with it
  }
}

interface LoadedProfile {
  /** Absolute path of the config file. */
  file: string;
  /** The selected profile's name and how it was selected. */
  name: string;
  selectedBy: 'flag' | 'env' | 'defaultProfile';
  profile: Profile;
}

export interface LoadedConfig {
  file: string | undefined;
  /** Things worth telling the user, such as a password in a file others can read. */
  warnings?: string[];
  profile: LoadedProfile | undefined;
  /** Names of every profile in the file. */
  profileNames: string[];
}

export interface ProfileSelection {
  /** --config FILE */
  configFile?: string | undefined;
  /** --profile NAME, or CAMUNDA_PROFILE */
  profile?: { name: string; from: 'flag' | 'env' } | undefined;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export async function loadConfig(selection: ProfileSelection): Promise<LoadedConfig> {
  let result: FoundConfig | null = null;
  const explicit = selection.configFile ? resolve(selection.cwd, selection.configFile) : undefined;
  try {
    if (explicit || mayFindConfigFile(selection.cwd)) {
      await refuseOversizedConfig(explicit ? [explicit] : existingConfigPlaces(selection.cwd));
      const { findConfig } = await import('./search.js');
      result = await findConfig(selection.cwd, explicit);
    }
  } catch (error) {
    throw error instanceof CliError ? error : new UsageError(describeReadError(error, explicit));
  }

  if (!result) {
    if (selection.profile) {
      throw new UsageError(
        `profile '${selection.profile.name}' was requested (${selection.profile.from === 'flag' ? '--profile' : 'CAMUNDA_PROFILE'}) but no config file was found`,
        'create .camunda-adminrc.yaml (see .camunda-adminrc.example) or pass --config FILE',
      );
    }
    return { file: undefined, profile: undefined, profileNames: [] };
  }

  const file = result.filepath;
  const parsed = configFileSchema().safeParse(result.isEmpty ? {} : result.config, { reportInput: true });
  if (!parsed.success) throw await placedProblems(file, { error: parsed.error });
  const config = parsed.data;
  const profileNames = Object.keys(config.profiles);
  const warnings = await exposedSecretWarnings(file, config.profiles);

  const chosen: { name: string; selectedBy: LoadedProfile['selectedBy'] } | undefined = selection.profile
    ? { name: selection.profile.name, selectedBy: selection.profile.from }
    : config.defaultProfile
      ? { name: config.defaultProfile, selectedBy: 'defaultProfile' }
      : undefined;
  if (!chosen) return { file, profile: undefined, profileNames, warnings };

  if (!Object.hasOwn(config.profiles, chosen.name)) {
    const how = { flag: '--profile', env: 'CAMUNDA_PROFILE', defaultProfile: 'defaultProfile' }[chosen.selectedBy];
    const near = closest(chosen.name, profileNames);
    const known = profileNames.length > 0 ? `profiles: ${profileNames.join(', ')}` : 'the file has no profiles';
    throw new UsageError(
      `${file}: profile '${chosen.name}' (from ${how}) does not exist (${near.length > 0 ? `did you mean ${near.join(', ')}? ` : ''}${known})`,
    );
  }

  const at = ['profiles', chosen.name];
  const unexpanded: ConfigProblem[] = [];
  const raw = expandEnvironment(config.profiles[chosen.name], selection.env, (path, message) => unexpanded.push({ path: [...at, ...path], message }));
  if (unexpanded.length > 0) throw await placedProblems(file, { problems: unexpanded });
  const profile = profileSchema().safeParse(raw, { reportInput: true });
  if (!profile.success) throw await placedProblems(file, { error: profile.error }, at);
  const data = profile.data;
  if (data.caFile) data.caFile = resolve(dirname(file), data.caFile);
  if (data.certFile) data.certFile = resolve(dirname(file), data.certFile);
  if (data.keyFile) data.keyFile = resolve(dirname(file), data.keyFile);
  return { file, profile: { file, name: chosen.name, selectedBy: chosen.selectedBy, profile: data }, profileNames, warnings };
}

/** A literal secret (not a ${VAR}) in a file that group or others may read. */
async function exposedSecretWarnings(file: string, profiles: Record<string, Profile>): Promise<string[]> {
  const literal = (secret: string | undefined) => secret !== undefined && !/^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(secret);
  const holders = Object.entries(profiles)
    .filter(([, profile]) => literal(profile.auth?.type === 'basic' ? profile.auth.password : profile.auth?.type === 'bearer' ? profile.auth.token : undefined))
    .map(([name]) => name);
  if (holders.length === 0 || process.platform === 'win32') return [];
  const { stat } = await import('node:fs/promises');
  const mode = (await stat(file)).mode & 0o777;
  if ((mode & 0o077) === 0) return [];
  return [
    `${file} holds a password or token (profile ${holders.join(', ')}) and can be read by ${mode & 0o007 ? 'every user' : 'its group'} (mode ${mode.toString(8)}); chmod 600 it, or use \${VAR} references`,
  ];
}

/**
 * Every problem of the file, each with its place (./yaml-config.ts). The selected profile alone has
 * its `${NAME}` references replaced from the environment (src/input/environment.ts), so a variable
 * that another profile needs may be unset.
 */
async function placedProblems(file: string, found: { error?: core.$ZodError; problems?: ConfigProblem[] }, prefix: readonly string[] = []): Promise<CliError> {
  const { configProblems } = await import('./yaml-config.js');
  return configProblems(file, found, prefix);
}

function describeReadError(error: unknown, explicit: string | undefined): string {
  const err = error as { code?: string; message?: string; filepath?: string } | null | undefined;
  // cosmiconfig names the file it was reading when a loader failed (a .js config that throws).
  const file = (typeof err?.filepath === 'string' ? err.filepath : undefined) ?? explicit;
  if (explicit && err?.code === 'ENOENT') return fileSystemMessage(explicit, err, 'config file');
  if (file && (err?.code === 'EISDIR' || err?.code === 'EACCES' || err?.code === 'EPERM')) return fileSystemMessage(file, err, 'config file');
  const message = (typeof err?.message === 'string' ? err.message : String(error)).split('\n')[0] || 'unreadable';
  if (file && !message.includes(file)) return `config file ${file}: ${message}`;
  return `config file: ${message}`;
}

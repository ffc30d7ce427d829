import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, mayFindConfigFile } from '../../src/config/load.js';
import { SEARCH_PLACES } from '../../src/config/places.js';
import { describeSource, resolveTarget } from '../../src/config/resolve.js';
import { isLoopback } from '../../src/config/warnings.js';
import { UsageError } from '../../src/exit-codes.js';
import { usageErrorMessage } from '../helpers/errors.js';
import { tempDir } from '../helpers/temp.js';

function dirWith(files: Record<string, string>): string {
  const dir = tempDir('camunda-admin-config-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const PROFILES = `
defaultProfile: local
profiles:
  local:
    url: http://localhost:8080/engine-rest
  prod:
    url: https://bpm.example.com/engine-rest
    engine: default
    auth: { type: basic, username: ops, password: "\${PROD_PASSWORD}" }
    timeout: 12.5
    retries: 4
    caFile: certs/corp-ca.pem
  gateway:
    url: https://gw.example.com/engine-rest
    auth: { type: bearer, token: "\${GW_TOKEN}" }
`;

const messageOf = usageErrorMessage;

describe('loading the config file', () => {
  it('finds .camunda-adminrc.yaml by searching up from the working directory', async () => {
    const dir = dirWith({ '.camunda-adminrc.yaml': PROFILES, 'sub/deeper/.keep': '' });
    const loaded = await loadConfig({ cwd: join(dir, 'sub', 'deeper'), env: {} });
    expect(loaded.file).toBe(join(dir, '.camunda-adminrc.yaml'));
    expect(loaded.profile?.name).toBe('local');
    expect(loaded.profile?.selectedBy).toBe('defaultProfile');
    expect(loaded.profileNames).toEqual(['local', 'prod', 'gateway']);
  });

  it.each(['.camunda-adminrc', '.camunda-adminrc.json', '.camunda-adminrc.yml'])('reads %s', async (name) => {
    const dir = dirWith({ [name]: JSON.stringify({ profiles: { a: { url: 'http://a/engine-rest' } }, defaultProfile: 'a' }) });
    const loaded = await loadConfig({ cwd: dir, env: {} });
    expect(loaded.profile?.profile.url).toBe('http://a/engine-rest');
  });

  it('reads the camunda-admin key of package.json', async () => {
    const dir = dirWith({ 'package.json': JSON.stringify({ name: 'x', 'camunda-admin': { defaultProfile: 'p', profiles: { p: { engine: 'e1' } } } }) });
    expect((await loadConfig({ cwd: dir, env: {} })).profile?.profile.engine).toBe('e1');
  });

  it('interpolates ${VAR} in the selected profile only, and resolves caFile next to the file', async () => {
    const dir = dirWith({ '.camunda-adminrc.yaml': PROFILES });
    const loaded = await loadConfig({ cwd: dir, env: { PROD_PASSWORD: 's3cret' }, profile: { name: 'prod', from: 'flag' } });
    expect(loaded.profile?.profile.auth).toEqual({ type: 'basic', username: 'ops', password: 's3cret' });
    expect(loaded.profile?.profile.caFile).toBe(join(dir, 'certs', 'corp-ca.pem'));
    // GW_TOKEN is unset, but the gateway profile was not selected: no error.
  });

  it('names the file, the key and the variable when a ${VAR} is unset', async () => {
    const dir = dirWith({ '.camunda-adminrc.yaml': PROFILES });
    const message = await messageOf(loadConfig({ cwd: dir, env: {}, profile: { name: 'prod', from: 'env' } }));
    expect(message).toBe(`${join(dir, '.camunda-adminrc.yaml')}:9:51: profiles.prod.auth.password: environment variable PROD_PASSWORD is not set`);
  });

  it('keeps $${VAR} literal', async () => {
    const dir = dirWith({ '.camunda-adminrc.yaml': 'defaultProfile: a\nprofiles:\n  a:\n    auth: { type: basic, username: u, password: "p$${X}" }\n' });
    const loaded = await loadConfig({ cwd: dir, env: { X: 'no' } });
    expect(loaded.profile?.profile.auth).toMatchObject({ password: 'p${X}' });
  });

  it('names the file and the key of an unknown or mistyped key', async () => {
    const dir = dirWith({ '.camunda-adminrc.yaml': 'profiles:\n  a:\n    urll: http://x\n' });
    expect(await messageOf(loadConfig({ cwd: dir, env: {} }))).toBe(
      `${join(dir, '.camunda-adminrc.yaml')}:3:5: profiles.a.urll: unknown property (did you mean 'url'?)`,
    );
    const typed = dirWith({ '.camunda-adminrc.yaml': 'profiles:\n  a:\n    timeout: soon\n' });
    expect(await messageOf(loadConfig({ cwd: typed, env: {} }))).toMatch(/\.camunda-adminrc\.yaml:3:14: profiles\.a\.timeout: .*number/);
  });

  it('reports every problem of the config file, each with line and column', async () => {
    const dir = dirWith({
      '.camunda-adminrc.yaml': 'defaultProfile: a\nprofiles:\n  a:\n    urll: http://x\n    retries: many\n  b: {timeout: -1}\nextra: 1\n',
    });
    const file = join(dir, '.camunda-adminrc.yaml');
    expect((await messageOf(loadConfig({ cwd: dir, env: {} }))).split('\n')).toEqual([
      `${file}:4:5: profiles.a.urll: unknown property (did you mean 'url'?)`,
      expect.stringMatching(new RegExp(`^${file}:5:14: profiles\\.a\\.retries: 'many' is not `)),
      expect.stringMatching(new RegExp(`^${file}:6:16: profiles\\.b\\.timeout: -1 is not a number of seconds`)),
      `${file}:7:1: extra: unknown property`,
    ]);
  });

  it('places the problems of a JSON config file too', async () => {
    const dir = dirWith({ '.camunda-adminrc.json': '{\n  "profiles": {\n    "a": { "urll": "http://x" }\n  }\n}\n' });
    expect(await messageOf(loadConfig({ cwd: dir, env: {} }))).toBe(
      `${join(dir, '.camunda-adminrc.json')}:3:12: profiles.a.urll: unknown property (did you mean 'url'?)`,
    );
  });

  it('refuses an unknown profile, listing the ones that exist', async () => {
    const dir = dirWith({ '.camunda-adminrc.yaml': PROFILES });
    const message = await messageOf(loadConfig({ cwd: dir, env: {}, profile: { name: 'prd', from: 'flag' } }));
    expect(message).toContain("profile 'prd' (from --profile) does not exist");
    expect(message).toContain('did you mean prod?');
    expect(message).toContain('profiles: local, prod, gateway');
  });

  it('refuses --profile when there is no config file at all', async () => {
    const dir = dirWith({});
    expect(await messageOf(loadConfig({ cwd: dir, env: {}, configFile: undefined, profile: { name: 'x', from: 'flag' } }))).toContain(
      'no config file was found',
    );
  });

  it('reports a missing --config file and malformed YAML as usage errors naming the file', async () => {
    const dir = dirWith({ 'bad.yaml': 'profiles:\n  a: [unclosed\n' });
    expect(await messageOf(loadConfig({ cwd: dir, env: {}, configFile: 'nope.yaml' }))).toBe(`${join(dir, 'nope.yaml')}: config file not found`);
    expect(await messageOf(loadConfig({ cwd: dir, env: {}, configFile: 'bad.yaml' }))).toContain('bad.yaml');
  });
});

describe('precedence: flag > environment > profile > default', () => {
  const config = {
    file: '/etc/rc.yaml',
    profileNames: ['p'],
    profile: {
      file: '/etc/rc.yaml',
      name: 'p',
      selectedBy: 'flag' as const,
      profile: { url: 'http://profile/engine-rest', engine: 'pe', timeout: 5, auth: { type: 'basic' as const, username: 'pu', password: 'pp' } },
    },
  };

  it('takes each value from the highest source that sets it and says where it came from', () => {
    const target = resolveTarget({ url: 'http://flag/engine-rest/' }, { CAMUNDA_URL: 'http://env/x', CAMUNDA_ENGINE: 'ee' }, config);
    expect(target.url.value).toBe('http://flag/engine-rest');
    expect(describeSource(target.url.source)).toBe('flag --url');
    expect(target.engine?.value).toBe('ee');
    expect(describeSource(target.engine!.source)).toBe('env CAMUNDA_ENGINE');
    expect(target.timeoutSeconds).toEqual({ value: 5, source: { kind: 'profile', profile: 'p', file: '/etc/rc.yaml' } });
    expect(target.retries).toEqual({ value: 2, source: { kind: 'default' } });
    expect(target.credentials).toMatchObject({ type: 'basic', username: { value: 'pu' }, password: { value: 'pp' } });
  });

  it('uses the built-in default URL without config', () => {
    const target = resolveTarget({}, {}, { file: undefined, profile: undefined, profileNames: [] });
    expect(target.url).toEqual({ value: 'http://localhost:8080/engine-rest', source: { kind: 'default' } });
    expect(target.credentials).toBeUndefined();
  });

  it('pairs a flag username with a password from the environment; stdin beats everything', () => {
    const fromEnv = resolveTarget({ username: 'u' }, { CAMUNDA_PASSWORD: 'envpw' }, config);
    expect(fromEnv.credentials).toMatchObject({ type: 'basic', username: { value: 'u' }, password: { value: 'envpw' } });
    const fromStdin = resolveTarget({ username: 'u', password: 'flagpw' }, { CAMUNDA_PASSWORD: 'envpw' }, config, 'stdinpw');
    expect(fromStdin.credentials).toMatchObject({ password: { value: 'stdinpw', source: { kind: 'stdin' } } });
  });

  it('lets a token from a higher source replace profile Basic auth, and refuses both at one level', () => {
    expect(resolveTarget({ token: 't' }, {}, config).credentials).toMatchObject({ type: 'bearer', token: { value: 't' } });
    expect(() => resolveTarget({ token: 't', username: 'u', password: 'p' }, {}, config)).toThrow(/both a username .* and a token/);
  });

  it('refuses a username without any password and a password flag without a username', () => {
    expect(() => resolveTarget({ username: 'u' }, {}, { file: undefined, profile: undefined, profileNames: [] })).toThrow(/username 'u' .* has no password/);
    expect(() => resolveTarget({ password: 'p' }, {}, { file: undefined, profile: undefined, profileNames: [] })).toThrow(/no username/);
  });

  it.each([
    ['not a url', /invalid URL 'not a url' \(flag --url\)/],
    ['ftp://x/engine-rest', /only http and https/],
    ['http://user:pw@x/engine-rest', /must not contain credentials/],
    ['http://x/engine-rest?a=1', /no query/],
  ])('refuses the URL %j', (url, message) => {
    expect(() => resolveTarget({ url }, {}, { file: undefined, profile: undefined, profileNames: [] })).toThrow(message);
  });

  it.each(['abc', '0', '-1', '1e3', ''])('refuses --timeout %j', (timeout) => {
    expect(() => resolveTarget({ timeout }, {}, { file: undefined, profile: undefined, profileNames: [] })).toThrow(UsageError);
  });
});

describe('skipping the search when no config file can exist (mayFindConfigFile)', () => {
  /** cosmiconfig's own answer for the same directory, which mayFindConfigFile must never contradict. */
  async function cosmiconfigFinds(from: string): Promise<boolean> {
    const { cosmiconfig } = await import('cosmiconfig');
    return (await cosmiconfig('camunda-admin', { searchPlaces: SEARCH_PLACES, searchStrategy: 'global', cache: false }).search(from)) !== null;
  }

  async function withGlobalDir<T>(run: (globalRoot: string) => Promise<T>): Promise<T> {
    const saved = process.env.XDG_CONFIG_HOME;
    const globalRoot = dirWith({});
    process.env.XDG_CONFIG_HOME = globalRoot;
    try {
      return await run(globalRoot);
    } finally {
      if (saved === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = saved;
    }
  }

  // [case, files, mayFindConfigFile, what cosmiconfig's search then gives]
  it.each([
    ['nothing', {}, false, 'nothing'],
    ['a package.json without a camunda-admin key', { 'package.json': '{"name":"x"}' }, false, 'nothing'],
    ['a package.json with one', { 'package.json': '{"camunda-admin":{"profiles":{}}}' }, true, 'a file'],
    ['a package.json with cosmiconfig options', { 'package.json': '{"cosmiconfig":{"searchPlaces":["x.yaml"]}}' }, true, 'nothing'],
    ['a package.json that is not JSON', { 'package.json': '{' }, true, 'an error'],
    ['an rc file in the directory', { 'a/b/.camunda-adminrc': 'profiles: {}' }, true, 'a file'],
    ['an rc file two directories up', { '.camunda-adminrc.yml': 'profiles: {}' }, true, 'a file'],
    ['a JavaScript config file', { 'a/b/camunda-admin.config.cjs': 'module.exports = {}' }, true, 'a file'],
  ])('%s', async (_name, files: Record<string, string>, mayFind, found) => {
    await withGlobalDir(async () => {
      const root = dirWith({ 'a/b/.keep': '', ...files });
      const from = join(root, 'a', 'b');
      expect(mayFindConfigFile(from)).toBe(mayFind);
      // A "no" is safe only if cosmiconfig would find nothing; a "yes" leaves the answer to it.
      expect(
        await cosmiconfigFinds(from).then(
          (yes) => (yes ? 'a file' : 'nothing'),
          () => 'an error',
        ),
      ).toBe(found);
    });
  });

  it('finds a file in the global config directory', async () => {
    await withGlobalDir(async (globalRoot) => {
      const from = dirWith({});
      expect(mayFindConfigFile(from)).toBe(false);
      mkdirSync(join(globalRoot, 'camunda-admin'));
      writeFileSync(join(globalRoot, 'camunda-admin', 'config.yaml'), 'profiles: {}');
      expect(mayFindConfigFile(from)).toBe(true);
      expect(await cosmiconfigFinds(from)).toBe(true);
    });
  });
});

describe('this machine, where cleartext credentials cross no network', () => {
  it.each(['localhost', 'LOCALHOST', 'api.localhost', 'localhost.', '127.0.0.1', '127.1.2.3', '[::1]', '[::ffff:7f00:1]'])('%s is loopback', (host) => {
    expect(isLoopback(host)).toBe(true);
  });

  it.each(['bpm.example.com', '10.0.0.5', '128.0.0.1', '127.0.0.1.example.com', '[::2]', 'localhost.example.com'])('%s is not', (host) => {
    expect(isLoopback(host)).toBe(false);
  });
});

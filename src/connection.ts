/**
 * The engine a run talks to: the target resolved from the flags, the environment and the config
 * file, and the engine client for it, each made once per run. The command families that talk to
 * the engine import this (their actions modules, loaded when a command runs); `--help`, completion
 * and the offline catalogues never load it, nor the config loader, the engine client and zod behind
 * it. Being imported by every such family, rather than loaded by the App, it lands in the chunk
 * they all share, instead of splitting it into a file per combination of families.
 */
import type { App } from './app.js';
import { type ClientCertificate, readClientCertificate } from './config/client-certificate.js';
import { loadConfig } from './config/load.js';
import { describeProxy } from './config/proxy.js';
import { refuseEmptyTargetValues, type ResolvedTarget, resolveTarget, type Sourced } from './config/resolve.js';
import { setupWarnings } from './config/warnings.js';
import { EngineClient } from './engine/client.js';
import { UsageError } from './exit-codes.js';
import { fileSystemMessage } from './input/file-errors.js';
import { formatExchange } from './render/exchange.js';
import { VERSION } from './version.js';

interface Connection {
  target?: Promise<ResolvedTarget>;
  client?: Promise<EngineClient>;
}

const connections = new WeakMap<App, Connection>();

function connectionOf(app: App): Connection {
  let connection = connections.get(app);
  if (!connection) connections.set(app, (connection = {}));
  return connection;
}

/** The resolved target of this run; config warnings and insecure settings are reported once. */
export function engineTarget(app: App): Promise<ResolvedTarget> {
  const connection = connectionOf(app);
  connection.target ??= resolveRunTarget(app);
  return connection.target;
}

/**
 * The engine client of this run. `bulk` announces many requests (every page, chunks, lookups):
 * they then go through undici rather than node:http, and the heap is kept from growing with the
 * number of pages (docs/performance.md).
 */
export async function engineClient(app: App, options: { bulk?: boolean } = {}): Promise<EngineClient> {
  const connection = connectionOf(app);
  connection.client ??= createClient(app);
  const client = await connection.client;
  if (options.bulk) {
    client.http.useBulkTransport();
    // Only bulk work sets V8 flags: ordinary commands do not load the module that does.
    const { boundHeapForBulkWork } = await import('./util/heap.js');
    boundHeapForBulkWork();
  }
  return client;
}

async function resolveRunTarget(app: App): Promise<ResolvedTarget> {
  const flags = app.flags;
  refuseEmptyTargetValues(flags, app.io.env);
  const envProfile = app.io.env.CAMUNDA_PROFILE;
  const config = await loadConfig({
    configFile: flags.config,
    profile: flags.profile ? { name: flags.profile, from: 'flag' } : envProfile ? { name: envProfile, from: 'env' } : undefined,
    cwd: app.io.cwd,
    env: app.io.env,
  });
  const stdinPassword = flags.passwordStdin ? await readPasswordFromStdin(app) : undefined;
  const target = resolveTarget(flags, app.io.env, config, stdinPassword);
  const output = await app.output();
  // -q: data and errors only; these the user has heard before (src/config/warnings.ts).
  if (!output.quiet) {
    const warnings = setupWarnings({
      target,
      passwordOnCommandLine: flags.password !== undefined && !flags.passwordStdin,
      configWarnings: config.warnings ?? [],
    });
    for (const warning of warnings) output.warn(warning);
  }
  return target;
}

async function createClient(app: App): Promise<EngineClient> {
  const target = await engineTarget(app);
  const output = await app.output();
  const { ca, clientCertificate } = await readTlsFiles(target);
  if (output.verbose && target.proxy.setting) output.debug(describeProxy(target.proxy, target.url.value));
  const credentials = target.credentials
    ? target.credentials.type === 'basic'
      ? { type: 'basic' as const, username: target.credentials.username.value, password: target.credentials.password.value }
      : { type: 'bearer' as const, token: target.credentials.token.value }
    : undefined;
  const client = new EngineClient({
    baseUrl: target.url.value,
    engine: target.engine?.value,
    credentials,
    timeoutMs: Math.round(target.timeoutSeconds.value * 1000),
    retries: target.retries.value,
    ca,
    insecure: target.insecure.value,
    cert: clientCertificate?.cert,
    key: clientCertificate?.key,
    proxy: target.proxy.route,
    maxResultsLimit: target.maxResultsLimit?.value,
    userAgent: `camunda-admin/${VERSION}`,
    interrupt: app.interrupt.signal,
    onExchange: output.verbose ? (exchange) => output.debug(formatExchange(exchange)) : undefined,
  });
  return app.track(client);
}

/**
 * The target's CA file and client certificate, read and checked: a file that is missing or holds no
 * PEM is exit 2 naming the flag or the profile key. `config show` checks them as every command does.
 */
export async function readTlsFiles(target: ResolvedTarget): Promise<{ ca: string | undefined; clientCertificate: ClientCertificate | undefined }> {
  const ca = target.caFile ? await readCaFile(target.caFile) : undefined;
  const clientCertificate = target.certFile || target.keyFile ? await readClientCertificate(target) : undefined;
  return { ca, clientCertificate };
}

async function readPasswordFromStdin(app: App): Promise<string> {
  const stdin = app.io.stdin;
  if (stdin.isTTY) {
    throw new UsageError(
      '--password-stdin reads the password from standard input, which is a terminal here',
      'pipe it in: printf %s "$PASSWORD" | camunda-admin --password-stdin ...',
    );
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  // One trailing newline is what `echo` adds, not part of the password.
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (password === '') throw new UsageError('--password-stdin: standard input was empty');
  return password;
}

/** Errors name where the file was given: the flag, or the config file and the key. */
async function readCaFile(caFile: Sourced<string>): Promise<string> {
  const file = caFile.value;
  const source = caFile.source;
  const where = source.kind === 'profile' ? `${source.file}: profiles.${source.profile}.caFile ${file}` : `--ca-file ${file}`;
  try {
    // Loaded here, not at start-up: fs/promises (and the readline it pulls in) costs every command ~2 ms on Node 24.
    const { readFile } = await import('node:fs/promises');
    const pem = await readFile(file, 'utf8');
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      throw new UsageError(`${where}: no PEM certificate found in the file`);
    }
    return pem;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(fileSystemMessage(where, error, 'file'));
  }
}

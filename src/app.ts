/**
 * What every command shares for one run: the streams, the global flags, the output, the resolved
 * target and the engine client. Everything heavy is loaded on first use, so `--help` stays cheap.
 */
import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import type { ResolvedTarget, Sourced } from './config/resolve.js';
import type { EngineClient } from './engine/client.js';
import { CliError, ExitCode, UsageError } from './exit-codes.js';
import { Interrupt, interruption } from './interrupt.js';
import type { Output, OutputFormat } from './render/output.js';
import { visibleControls } from './util/text.js';

export interface Io {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  stdin: Readable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Ctrl-C, passed in by the process boundary; without it a run is never interrupted. */
  interrupt?: Interrupt | undefined;
}

/** The global options of CLI.md as commander parses them. */
export interface GlobalFlags {
  url?: string;
  engine?: string;
  username?: string;
  password?: string;
  passwordStdin?: boolean;
  token?: string;
  profile?: string;
  config?: string;
  output: OutputFormat;
  color: boolean;
  quiet?: boolean;
  verbose?: boolean;
  timeout?: string;
  retries?: string;
  caFile?: string;
  insecure?: boolean;
  certFile?: string;
  keyFile?: string;
  yes?: boolean;
}

export class App {
  private outputPromise: Promise<Output> | undefined;
  private targetPromise: Promise<ResolvedTarget> | undefined;
  private clientPromise: Promise<EngineClient> | undefined;
  private openClients: EngineClient[] = [];
  /** A command that succeeded only in part (or must signal a finding) sets this instead of throwing. */
  exitCode: number = 0;
  readonly interrupt: Interrupt;

  constructor(
    readonly io: Io,
    private readonly program: Command,
  ) {
    this.interrupt = io.interrupt ?? new Interrupt();
  }

  get flags(): GlobalFlags {
    return this.program.opts<GlobalFlags>();
  }

  /** On a terminal and not in CI: prompts and spinners are allowed. */
  get interactive(): boolean {
    const ci = this.io.env.CI;
    return Boolean(this.io.stdin.isTTY && this.io.stderr.isTTY) && (ci === undefined || ci === '' || ci === 'false');
  }

  output(): Promise<Output> {
    this.outputPromise ??= (async () => {
      const { Output, useColor, colorStyle, plainStyle } = await import('./runtime.js');
      const flags = this.flags;
      const color = useColor({
        colorFlag: flags.color,
        format: flags.output,
        env: this.io.env,
        isTTY: Boolean(this.io.stdout.isTTY),
      });
      return new Output({
        format: flags.output,
        style: color ? await colorStyle() : plainStyle,
        quiet: Boolean(flags.quiet),
        verbose: Boolean(flags.verbose),
        stdout: this.io.stdout,
        stderr: this.io.stderr,
      });
    })();
    return this.outputPromise;
  }

  target(): Promise<ResolvedTarget> {
    this.targetPromise ??= (async () => {
      const { loadConfig, refuseEmptyTargetValues, resolveTarget } = await import('./runtime.js');
      const flags = this.flags;
      refuseEmptyTargetValues(flags, this.io.env);
      const envProfile = this.io.env.CAMUNDA_PROFILE;
      const config = await loadConfig({
        configFile: flags.config,
        profile: flags.profile
          ? { name: flags.profile, from: 'flag' }
          : envProfile
            ? { name: envProfile, from: 'env' }
            : undefined,
        cwd: this.io.cwd,
        env: this.io.env,
      });
      const stdinPassword = flags.passwordStdin ? await this.readPasswordFromStdin() : undefined;
      const target = resolveTarget(flags, this.io.env, config, stdinPassword);
      const output = await this.output();
      for (const warning of config.warnings ?? []) output.warn(warning);
      if (target.insecure.value) {
        output.warn('TLS certificate verification is off (--insecure): the connection can be intercepted');
      }
      if (flags.password !== undefined && !flags.passwordStdin) {
        output.warn('a password on the command line can be seen by other users (ps, shell history); prefer --password-stdin');
      }
      return target;
    })();
    return this.targetPromise;
  }

  /**
   * The engine client of this run. `bulk` announces many requests (every page, chunks, lookups):
   * they then go through undici rather than node:http, and the heap is kept from growing with the
   * number of pages (docs/performance.md).
   */
  async client(options: { bulk?: boolean } = {}): Promise<EngineClient> {
    const client = await this.singleClient();
    if (options.bulk) {
      client.http.useBulkTransport();
      const { keepYoungGenerationSize } = await import('./util/heap.js');
      keepYoungGenerationSize();
    }
    return client;
  }

  private singleClient(): Promise<EngineClient> {
    this.clientPromise ??= (async () => {
      const target = await this.target();
      const output = await this.output();
      const { EngineClient, VERSION, formatExchange } = await import('./runtime.js');
      const ca = target.caFile ? await this.readCaFile(target.caFile) : undefined;
      const clientCertificate = target.certFile || target.keyFile ? await (await import('./config/client-certificate.js')).readClientCertificate(target) : undefined;
      if (output.verbose && target.proxy.setting) {
        const { describeProxy } = await import('./config/proxy.js');
        output.debug(describeProxy(target.proxy, target.url.value));
      }
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
        interrupt: this.interrupt.signal,
        onExchange: output.verbose
          ? (exchange) => output.debug(formatExchange(exchange))
          : undefined,
      });
      this.openClients.push(client);
      return client;
    })();
    return this.clientPromise;
  }

  /** A second client for the same target, e.g. without credentials; closed with the app. */
  track(client: EngineClient): EngineClient {
    this.openClients.push(client);
    return client;
  }

  /**
   * Asks before a destructive step. Without a terminal (or with CI set) it refuses unless --yes,
   * so a pipeline never hangs on a prompt.
   */
  async confirm(text: string): Promise<void> {
    if (this.flags.yes) return;
    // Questions name what the engine holds (a group's name): shown escaped, on one line.
    const question = visibleControls(text);
    if (!this.interactive) {
      throw new UsageError(`${question}: confirmation needed; pass --yes to confirm when not on a terminal`);
    }
    const interrupted = () => new CliError('interrupted, nothing was changed', ExitCode.Interrupted);
    if (this.interrupt.stopped) throw interrupted();
    const { createInterface } = await import('node:readline/promises');
    const prompt = createInterface({ input: this.io.stdin, output: this.io.stderr });
    const unanswered = new AbortController();
    let sawInterrupt = false;
    const onInterrupt = (): void => {
      sawInterrupt = true;
      unanswered.abort();
    };
    // On a terminal readline reads Ctrl-C as a key and reports it here, not as a signal; a SIGINT
    // sent some other way (kill -INT) comes through the run's interrupt.
    prompt.once('SIGINT', onInterrupt);
    this.interrupt.signal.addEventListener('abort', onInterrupt, { once: true });
    // Ctrl-D, or the end of input: without this a closed input would leave the question waiting.
    prompt.once('close', () => unanswered.abort());
    let answer: string;
    try {
      answer = await prompt.question(`${question} [y/N] `, { signal: unanswered.signal });
    } catch (error) {
      if (!(error instanceof Error && error.name === 'AbortError')) throw error;
      if (sawInterrupt) throw interrupted();
      throw new UsageError('not confirmed; nothing was changed');
    } finally {
      this.interrupt.signal.removeEventListener('abort', onInterrupt);
      prompt.close();
    }
    if (!/^y(es)?$/i.test(answer.trim())) throw new UsageError('not confirmed; nothing was changed');
  }

  /** The error that ends a run Ctrl-C stopped: it names a change that was in flight. */
  interruption(): CliError {
    return interruption(this.openClients.flatMap((client) => client.http.abandoned));
  }

  /**
   * Refuses a file argument of `-` when --password-stdin reads standard input too: whichever read
   * first would take all of it, and the password would be taken for the plan (or the other way round).
   * Called before anything reads standard input.
   */
  refuseStdinClash(inputs: Record<string, string | undefined>): void {
    if (!this.flags.passwordStdin) return;
    const clash = Object.entries(inputs).find(([, file]) => file === '-');
    if (clash) throw new UsageError(`--password-stdin and ${clash[0]} - cannot both read standard input; name a file instead of -, or give the password another way (CAMUNDA_PASSWORD, a profile)`);
  }

  private async readPasswordFromStdin(): Promise<string> {
    if (this.io.stdin.isTTY) {
      throw new UsageError('--password-stdin reads the password from standard input, which is a terminal here', 'pipe it in: printf %s "$PASSWORD" | camunda-admin --password-stdin ...');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of this.io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    // One trailing newline is what `echo` adds, not part of the password.
    const password = Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
    if (password === '') throw new UsageError('--password-stdin: standard input was empty');
    return password;
  }

  /** Errors name where the file was given: the flag, or the config file and the key. */
  private async readCaFile(caFile: Sourced<string>): Promise<string> {
    const file = caFile.value;
    const source = caFile.source;
    const where = source.kind === 'profile' ? `${source.file}: profiles.${source.profile}.caFile ${file}` : `--ca-file ${file}`;
    const { readFile } = await import('node:fs/promises');
    try {
      const pem = await readFile(file, 'utf8');
      if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
        throw new UsageError(`${where}: no PEM certificate found in the file`);
      }
      return pem;
    } catch (error) {
      if (error instanceof UsageError) throw error;
      const code = (error as { code?: string }).code;
      throw new UsageError(`${where}: ${code === 'ENOENT' ? 'file not found' : code === 'EISDIR' ? 'is a directory' : 'cannot be read'}`);
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.openClients.map((client) => client.close()));
  }
}

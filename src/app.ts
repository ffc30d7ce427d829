/**
 * What every command shares for one run: the streams, the global flags, the output, confirmation,
 * Ctrl-C and the engine clients to close at the end. The program builds it before parsing, so it
 * stays cheap: the target and the engine client are src/connection.ts, which commands that talk to
 * the engine import.
 */
import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import type { EngineClient } from './engine/client.js';
import { CliError, ExitCode, UsageError } from './exit-codes.js';
import { Interrupt, interruption } from './interrupt.js';
import type { GlobalFlags } from './commands/global-flags.js';
import { Output, type OutputFormat } from './render/output.js';
import { colorStyle, plainStyle, type Style, type TableFormat, useColor, withTable } from './render/style.js';
import { visibleControls } from './util/text.js';

export interface Io {
  /** columns: the terminal's width, when the stream is one. */
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  stdin: Readable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Ctrl-C, passed in by the process boundary; without it a run is never interrupted. */
  interrupt?: Interrupt | undefined;
}

export type { GlobalFlags } from './commands/global-flags.js';

export class App {
  private outputPromise: Promise<Output> | undefined;
  private openClients: EngineClient[] = [];
  /** A command that succeeded only in part (or must signal a finding) sets this instead of throwing. */
  exitCode: number = 0;
  readonly interrupt: Interrupt;

  constructor(
    readonly io: Io,
    private readonly program: Command,
  ) {
    this.interrupt = io.interrupt ?? new Interrupt();
    this.interrupt.watchRequests(() => this.openClients.flatMap((client) => [...client.http.inFlight, ...client.http.abandoned]));
  }

  get flags(): GlobalFlags {
    return this.program.opts<GlobalFlags>();
  }

  /** On a terminal and not in CI: prompts and spinners are allowed. */
  get interactive(): boolean {
    const ci = this.io.env.CI;
    return Boolean(this.io.stdin.isTTY && this.io.stderr.isTTY) && (ci === undefined || ci === '' || ci === 'false');
  }

  /** Interactive on a terminal that can move its cursor (not TERM=dumb): a spinner may redraw its line. */
  get animated(): boolean {
    return this.interactive && this.io.env.TERM !== 'dumb';
  }

  output(): Promise<Output> {
    this.outputPromise ??= (async () => {
      const flags = this.flags;
      const format = flags.output === 'wide' ? 'table' : flags.output;
      // Each stream by itself: stdout in a pipe and stderr on the terminal (or the other way round)
      // get plain text on the pipe and colour on the terminal.
      const styleOf = async (stream: Io['stdout'], carries: OutputFormat, headers: boolean): Promise<Style> => {
        const table = tableFormat(stream, flags.output === 'wide', headers);
        const color = useColor({ colorFlag: flags.color, format: carries, env: this.io.env, isTTY: Boolean(stream.isTTY) });
        return color ? await colorStyle(table) : withTable(plainStyle, table);
      };
      return new Output({
        format,
        style: await styleOf(this.io.stdout, format, flags.headers !== false),
        // Failure reports on stderr keep their headings: --no-headers is about the data.
        stderrStyle: await styleOf(this.io.stderr, 'table', true),
        quiet: Boolean(flags.quiet),
        verbose: Boolean(flags.verbose),
        stdout: this.io.stdout,
        stderr: this.io.stderr,
      });
    })();
    return this.outputPromise;
  }

  /** An engine client of this run (src/connection.ts makes them): closed with the app, and named when Ctrl-C abandons one of its changes. */
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
    if (clash)
      throw new UsageError(
        `--password-stdin and ${clash[0]} - cannot both read standard input; name a file instead of -, or give the password another way (CAMUNDA_PASSWORD, a profile)`,
      );
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.openClients.map((client) => client.close()));
  }
}

/** A terminal whose width is unknown (0 or absent) is taken to be this wide, as most are by default. */
const DEFAULT_TERMINAL_WIDTH = 80;

/** Tables on a terminal are boxed and fitted to its width (not with -o wide); elsewhere tab-separated. */
function tableFormat(stream: Io['stdout'], wide: boolean, headers: boolean): TableFormat {
  if (!stream.isTTY) return { kind: 'tabs', width: undefined, headers };
  const columns = stream.columns;
  return { kind: 'boxed', width: wide ? undefined : columns !== undefined && columns > 0 ? columns : DEFAULT_TERMINAL_WIDTH, headers };
}

/**
 * Ctrl-C for one run. The process boundary (src/main.ts) passes SIGINT in; the engine client
 * abandons the request in flight and sends no other, and src/cli.ts reports the stop in one line.
 * A command that stops in a way of its own (a chunked migration finishes its chunk) takes Ctrl-C over.
 */
import { setMaxListeners } from 'node:events';
import type { RequestLine } from './engine/errors.js';
import { CliError, ExitCode } from './exit-codes.js';

/** Ctrl-C at a terminal, or SIGTERM from a cancelled pipeline or a stopped container. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

export class Interrupt {
  private readonly controller = new AbortController();
  private readonly handlers: ((signal: StopSignal) => void)[] = [];
  private requests: () => readonly RequestLine[] = () => [];

  constructor() {
    // Every request in flight listens to this one signal: a bulk run sends eight at once, and a
    // listing reads ahead, so Node's default of ten would warn of a leak that is none.
    setMaxListeners(0, this.controller.signal);
  }

  /** Aborted when Ctrl-C stops the run (not when a command that took it over handles it). */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get stopped(): boolean {
    return this.controller.signal.aborted;
  }

  /** One Ctrl-C: the command that took it over decides, or else the run stops. */
  trigger(signal: StopSignal = 'SIGINT'): void {
    const handler = this.handlers.at(-1);
    if (handler) handler(signal);
    else this.controller.abort();
  }

  /**
   * Where the run's requests are: those sent and not answered, and those Ctrl-C abandoned (the App
   * passes its engine clients'). A second Ctrl-C ends the process before the run can say which.
   */
  watchRequests(requests: () => readonly RequestLine[]): void {
    this.requests = requests;
  }

  /**
   * The line of a second Ctrl-C, which ends the process at once (src/main.ts), without the run's own
   * error line: it names the changes that were sent and not answered, which the engine may still carry out.
   */
  forcedStopLine(): string {
    const changes = [
      ...new Set(
        this.requests()
          .filter(isChange)
          .map((line) => `${line.method} ${line.url}`),
      ),
    ];
    if (changes.length === 0) return 'interrupted again: stopped at once';
    const [verb, it] = changes.length === 1 ? ['was', 'it'] : ['were', 'they'];
    return `interrupted again: stopped at once while ${changes.join(', ')} ${verb} in flight: the engine may still carry ${it} out; check before repeating ${it}`;
  }

  /** While the returned release is not called, Ctrl-C calls `handler` instead of stopping the run. */
  takeOver(handler: (signal: StopSignal) => void): () => void {
    this.handlers.push(handler);
    return () => {
      const index = this.handlers.lastIndexOf(handler);
      if (index >= 0) this.handlers.splice(index, 1);
    };
  }
}

/**
 * The one line of a run that Ctrl-C stopped. A change that was sent and not answered may have been
 * done by the engine; a read or a query that was cut short changed nothing.
 */
export function interruption(abandoned: readonly RequestLine[]): CliError {
  const changes = abandoned.filter(isChange);
  if (changes.length === 0) return new CliError('interrupted', ExitCode.Interrupted);
  const requests = changes.map((line) => `${line.method} ${line.url}`).join(', ');
  const [verb, its] = changes.length === 1 ? ['was', 'its'] : ['were', 'their'];
  return new CliError(`interrupted while ${requests} ${verb} in flight: ${its} outcome is unknown; check before repeating it`, ExitCode.Interrupted);
}

/** A request that changes something: whether the engine got it matters. */
function isChange(line: RequestLine): boolean {
  return line.method !== 'GET' && line.method !== 'OPTIONS' && !line.query;
}

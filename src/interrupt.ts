/**
 * Ctrl-C for one run. The process boundary (src/main.ts) passes SIGINT in; the engine client
 * abandons the request in flight and sends no other, and src/cli.ts reports the stop in one line.
 * A command that stops in a way of its own (a chunked migration finishes its chunk) takes Ctrl-C over.
 */
import type { RequestLine } from './engine/errors.js';
import { CliError, ExitCode } from './exit-codes.js';

/** Ctrl-C at a terminal, or SIGTERM from a cancelled pipeline or a stopped container. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

export class Interrupt {
  private readonly controller = new AbortController();
  private readonly handlers: ((signal: StopSignal) => void)[] = [];

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
  const changes = abandoned.filter((line) => line.method !== 'GET' && line.method !== 'OPTIONS' && !line.query);
  if (changes.length === 0) return new CliError('interrupted', ExitCode.Interrupted);
  const requests = changes.map((line) => `${line.method} ${line.url}`).join(', ');
  const [verb, its] = changes.length === 1 ? ['was', 'its'] : ['were', 'their'];
  return new CliError(`interrupted while ${requests} ${verb} in flight: ${its} outcome is unknown; check before repeating it`, ExitCode.Interrupted);
}

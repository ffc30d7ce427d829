// A minimal HTTP client for the simulator tests: real requests over the loopback socket.
import type { Simulator } from './server.js';

export interface Answer {
  status: number;
  contentType: string | null;
  /** Parsed JSON, or '' for an empty body. */
  body: unknown;
}

export interface CallOptions {
  /** A JSON value, or a string sent as it is. */
  body?: unknown;
  /** HTTP Basic credentials as 'user:password'. */
  basicAuth?: string;
}

export async function call(sim: Simulator, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.basicAuth !== undefined) headers.authorization = `Basic ${Buffer.from(options.basicAuth).toString('base64')}`;
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type'), body: text === '' ? '' : (JSON.parse(text) as unknown) };
}

export const get = (sim: Simulator, path: string, options?: CallOptions): Promise<Answer> => call(sim, 'GET', path, options);
export const post = (sim: Simulator, path: string, body: unknown, options?: CallOptions): Promise<Answer> => call(sim, 'POST', path, { ...options, body });

/** A clock the test moves by hand (assign `clock.now`, or `advance(ms)`), for `state.clock`. */
export class ManualClock {
  constructor(public now: number) {}

  readonly read = (): number => this.now;

  advance(ms: number): void {
    this.now += ms;
  }
}

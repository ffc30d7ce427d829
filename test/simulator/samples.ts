// Access to the captured real engine responses in test/fixtures/samples/ (see the README there).
import { readFileSync } from 'node:fs';

const SAMPLES_DIR = new URL('../fixtures/samples/', import.meta.url);

export interface SampleEntry {
  name: string;
  method: string;
  /** Absolute URL of the capture, e.g. http://127.0.0.1:8080/engine-rest/authorization/count */
  url: string;
  /** Request body as sent (JSON value, raw string, or `{ multipart: ... }`), null for none. */
  request: unknown;
  status: number;
  contentType?: string | null;
  file?: string | null;
  note?: string;
  basicAuth?: string;
  wwwAuthenticate?: string;
  emptyBody?: boolean;
}

/** The REST root and origin the capture used; sample hrefs and messages contain them. */
export const CAPTURE_ORIGIN = 'http://127.0.0.1:8080';
export const CAPTURE_ROOT_URL = `${CAPTURE_ORIGIN}/engine-rest`;

export function sampleIndex(): SampleEntry[] {
  return JSON.parse(readFileSync(new URL('index.json', SAMPLES_DIR), 'utf8')) as SampleEntry[];
}

/** The parsed body of `NAME.json`. */
export function loadSample<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(`${name}.json`, SAMPLES_DIR), 'utf8')) as T;
}

/** The sample with every occurrence of the capture's REST root URL replaced (for absolute hrefs). */
export function loadSampleAt<T = unknown>(name: string, rootUrl: string): T {
  const text = readFileSync(new URL(`${name}.json`, SAMPLES_DIR), 'utf8');
  return JSON.parse(text.split(CAPTURE_ROOT_URL).join(rootUrl)) as T;
}

/** One request of the fork capture (test/fixtures/samples/forks/README.md). */
export interface ForkSampleEntry {
  name: string;
  /** The flavour it was captured on. */
  product: 'camunda' | 'operaton' | 'cibseven';
  method: string;
  /** Below the REST root: '/telemetry/data'. */
  path: string;
  request?: unknown;
  status: number;
  file: string;
  note?: string;
}

export function forkSampleIndex(): ForkSampleEntry[] {
  return JSON.parse(readFileSync(new URL('forks/index.json', SAMPLES_DIR), 'utf8')) as ForkSampleEntry[];
}

/** The parsed body of `forks/NAME.json`. */
export function loadForkSample<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(`forks/${name}.json`, SAMPLES_DIR), 'utf8')) as T;
}

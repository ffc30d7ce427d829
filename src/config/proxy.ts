/**
 * The proxy for the engine's URL from the environment, as curl chooses it (docs/configuration.md
 * "Proxies"): https_proxy or HTTPS_PROXY for an https URL, http_proxy or HTTP_PROXY for an http one,
 * the lowercase form first; no_proxy or NO_PROXY lists hosts reached directly. Every request of a
 * run goes to the one engine URL, so the choice is made once here and both transports follow it.
 */
import type { ProxyRoute } from '../engine/transport.js';
import { UsageError } from '../exit-codes.js';

export type { ProxyRoute };

export interface ResolvedProxy {
  /** The proxy variable for the URL's scheme, if set: its name and the proxy (password redacted). */
  setting: { variable: string; display: string } | undefined;
  /** The variable names looked at for the URL's scheme, in order. */
  variables: readonly string[];
  noProxy: { variable: string; value: string } | undefined;
  /** The NO_PROXY entry that matches the engine's host: requests then go directly. */
  bypassedBy: string | undefined;
  /** The proxy every request goes through; undefined: directly to the engine. */
  route: ProxyRoute | undefined;
}

const DEFAULT_PROXY_PORT = 1080; // curl's, for a proxy URL without a port

/** The first of `names` set to a non-empty value (curl treats an empty one as unset). */
function firstSet(env: NodeJS.ProcessEnv, names: readonly string[]): { variable: string; value: string } | undefined {
  for (const variable of names) {
    const value = env[variable]?.trim();
    if (value) return { variable, value };
  }
  return undefined;
}

export function resolveProxy(engineUrl: string, env: NodeJS.ProcessEnv): ResolvedProxy {
  const url = new URL(engineUrl);
  const variables = url.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  const set = firstSet(env, variables);
  const noProxy = firstSet(env, ['no_proxy', 'NO_PROXY']);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const bypassedBy = set && noProxy ? noProxyMatch(noProxy.value, host, port) : undefined;
  if (!set) return { setting: undefined, variables, noProxy, bypassedBy: undefined, route: undefined };
  if (bypassedBy !== undefined) {
    // Not used, so not refused either: shown as it is when it cannot be read, any password redacted.
    let display: string;
    try {
      display = parseProxyUrl(set.variable, set.value).display;
    } catch {
      display = redactUserinfo(set.value);
    }
    return { setting: { variable: set.variable, display }, variables, noProxy, bypassedBy, route: undefined };
  }
  const route = parseProxyUrl(set.variable, set.value);
  return { setting: { variable: set.variable, display: route.display }, variables, noProxy, bypassedBy, route };
}

/** One line for --verbose: where requests go, and why. */
export function describeProxy(proxy: ResolvedProxy, engineUrl: string): string {
  const host = new URL(engineUrl).host;
  if (proxy.route) return `* through the proxy ${proxy.route.display} (${proxy.route.variable}) to ${host}`;
  if (proxy.setting && proxy.bypassedBy !== undefined && proxy.noProxy) {
    return `* directly to ${host}, not through the proxy of ${proxy.setting.variable}: ${proxy.noProxy.variable} entry '${proxy.bypassedBy}'`;
  }
  return `* directly to ${host}`;
}

/**
 * An http:// proxy URL, or host:port without a scheme (http:// then, as curl assumes); the port
 * defaults to 1080 as in curl. Credentials in it become Proxy-Authorization: Basic.
 */
export function parseProxyUrl(variable: string, value: string): ProxyRoute {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  const shown = redactUserinfo(value);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${variable}=${shown}: not a proxy URL; expected http://host:port or http://user:password@host:port`);
  }
  if (url.protocol !== 'http:') {
    throw new UsageError(
      `${variable}=${shown}: only http:// proxies are supported, not ${url.protocol.slice(0, -1)}://`,
      'unset it, or name the http:// address of the proxy',
    );
  }
  if (!url.hostname) throw new UsageError(`${variable}=${shown}: the proxy URL names no host`);
  // new URL drops a port that is the scheme's default (80), which is not curl's default (1080).
  const authority = text
    .replace(/^[^:]+:\/\//, '')
    .split(/[/?#]/)[0]!
    .replace(/^.*@/, '');
  const explicitPort = /:(\d+)$/.exec(authority)?.[1];
  const port = explicitPort === undefined ? DEFAULT_PROXY_PORT : Number(explicitPort);
  const user = url.username ? safeDecode(url.username) : undefined;
  const password = url.password ? safeDecode(url.password) : '';
  const display = `http://${url.username ? `${url.username}${url.password ? ':<redacted>' : ''}@` : ''}${url.hostname}:${port}`;
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    authorization: user === undefined ? undefined : `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
    display,
    variable,
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `scheme://user:secret@host` with the secret redacted, for a value that was not parsed. */
function redactUserinfo(value: string): string {
  // Up to the last '@' before the path: a password may hold an '@' of its own.
  return value.replace(/^((?:[a-z][a-z0-9+.-]*:\/\/)?[^:@/]*):[^/]*@/i, '$1:<redacted>@');
}

/**
 * The NO_PROXY entry matching the host (lower case, IPv6 without brackets) and port, if any.
 * Entries are separated by commas or spaces: `*` (every host); a name, matching itself and every
 * name below it (`example.com` and `.example.com` both match `engine.example.com`; a leading `*.`
 * is read as `.`); an IP address, matching only itself; an IP range in CIDR notation (`10.0.0.0/8`,
 * `fd00::/8`), as curl 7.86 and later. Any of them (but `*` and a range) may end in `:port`, then
 * matching that port only. Names are not resolved: `10.0.0.0/8` does not match a name.
 */
export function noProxyMatch(list: string, host: string, port: number): string | undefined {
  const hostAddress = ipBytes(host);
  for (const entry of list.split(/[\s,]+/)) {
    if (entry === '') continue;
    if (entry === '*') return entry;
    const slash = entry.indexOf('/');
    if (slash >= 0) {
      const range = ipBytes(entry.slice(0, slash).replace(/^\[(.*)\]$/, '$1'));
      const bits = Number(entry.slice(slash + 1));
      if (hostAddress && range && /^\d+$/.test(entry.slice(slash + 1)) && bits <= range.length * 8 && samePrefix(range, hostAddress, bits)) return entry;
      continue;
    }
    let name = entry.toLowerCase();
    let entryPort: number | undefined;
    const bracketed = /^\[(.*)\](?::(\d+))?$/.exec(name);
    if (bracketed) {
      name = bracketed[1]!;
      entryPort = bracketed[2] === undefined ? undefined : Number(bracketed[2]);
    } else if ((name.match(/:/g) ?? []).length === 1) {
      const withPort = /^(.*):(\d+)$/.exec(name);
      if (withPort) {
        name = withPort[1]!;
        entryPort = Number(withPort[2]);
      }
    }
    if (entryPort !== undefined && entryPort !== port) continue;
    const address = ipBytes(name);
    if (address) {
      if (hostAddress && samePrefix(address, hostAddress, address.length * 8)) return entry;
      continue;
    }
    name = name.replace(/^\*?\./, '');
    if (name !== '' && (host === name || host.endsWith(`.${name}`))) return entry;
  }
  return undefined;
}

/**
 * The bytes of an IPv4 (dotted quad) or IPv6 address, undefined for anything else. Without node:net,
 * which `config show` and every command would otherwise load for this alone: the WHATWG URL parser
 * validates an IPv6 address and writes it in its shortest form, whose groups are then counted.
 */
function ipBytes(text: string): number[] | undefined {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) {
    const bytes = text.split('.').map(Number);
    return bytes.every((byte) => byte <= 255) ? bytes : undefined;
  }
  if (!text.includes(':')) return undefined;
  let normal: string;
  try {
    normal = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = '', tail] = normal.split('::');
  const groups = (part: string): string[] => (part === '' ? [] : part.split(':'));
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const all = [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return all.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

/** Whether the first `bits` bits of two addresses of the same family are equal. */
function samePrefix(a: readonly number[], b: readonly number[], bits: number): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length && bits > 0; index++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((a[index]! & mask) !== (b[index]! & mask)) return false;
  }
  return true;
}

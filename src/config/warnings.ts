/**
 * The warnings about how a run is set up: credentials a neighbour can read, TLS that is not checked,
 * a setting that does nothing. Said once per run, before anything is sent, on stderr; -q drops them
 * (it means data and errors only), as the user who passes it has heard them before.
 */
import type { ResolvedTarget, Sourced } from './resolve.js';

export interface SetupFacts {
  target: ResolvedTarget;
  /** `--password` on the command line (not --password-stdin). */
  passwordOnCommandLine: boolean;
  /** What the config loader found worth saying (a secret in a file others can read). */
  configWarnings: readonly string[];
}

export function setupWarnings(facts: SetupFacts): string[] {
  const { target } = facts;
  const warnings = [...facts.configWarnings];
  const url = new URL(target.url.value);
  const https = url.protocol === 'https:';
  if (target.insecure.value) {
    warnings.push(
      https
        ? 'TLS certificate verification is off (--insecure): the connection can be intercepted'
        : `${insecureSetting(target.insecure)} has no effect: ${url.origin} is plain http, without TLS to verify`,
    );
  }
  if (facts.passwordOnCommandLine) {
    warnings.push('a password on the command line can be seen by other users (ps, shell history); prefer --password-stdin');
  }
  const credentials = target.credentials;
  if (credentials && !https && !isLoopback(url.hostname)) {
    const secret = credentials.type === 'basic' ? 'the password' : 'the bearer token';
    warnings.push(`${secret} goes to ${url.host} in cleartext (http://): anyone on the network path can read it; use https://`);
  }
  return warnings;
}

/** `--insecure`, or the profile key it came from. */
function insecureSetting(insecure: Sourced<boolean>): string {
  const source = insecure.source;
  return source.kind === 'profile' ? `insecure: true (profile ${source.profile})` : '--insecure';
}

/**
 * This machine: `localhost` (and `*.localhost`, which resolvers keep on it), 127.0.0.0/8 and ::1,
 * also as an IPv4-mapped IPv6 address. Nothing sent there crosses a network.
 */
export function isLoopback(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  return host === '::1' || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host);
}

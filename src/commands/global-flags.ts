/** The global options, which every command takes (docs/commands.md): declared by src/cli.ts, read through App.flags. */
import { InvalidArgumentError } from 'commander';
import { parseRetries, parseSeconds } from '../config/values.js';
import { UsageError } from '../exit-codes.js';
import { type FlagsOf, flagSpec } from './spec.js';

/** Validates a flag value at parse time (so every command rejects it) but keeps the text. */
function checked(parse: (text: string) => unknown): (text: string) => string {
  return (text) => {
    try {
      parse(text);
    } catch (error) {
      throw new InvalidArgumentError(error instanceof UsageError ? error.message.replace(/^--[\w-]+: /, '') : String(error));
    }
    return text;
  };
}

export const GLOBAL_FLAGS = flagSpec(
  { flags: '--url <url>', description: 'REST root of the engine (default: http://localhost:8080/engine-rest) [env CAMUNDA_URL]' },
  { flags: '--engine <name>', description: 'named engine: requests go to {url}/engine/{name}/... [env CAMUNDA_ENGINE]' },
  { flags: '--username <user>', description: 'HTTP Basic user [env CAMUNDA_USERNAME]' },
  { flags: '--password <password>', description: 'HTTP Basic password (prefer --password-stdin) [env CAMUNDA_PASSWORD]' },
  { flags: '--password-stdin', description: 'read the password from standard input (not with another input from it, -)' },
  { flags: '--token <token>', description: 'bearer token (gateways, CIB seven JWT) [env CAMUNDA_TOKEN]' },
  { flags: '--profile <name>', description: 'profile of the config file [env CAMUNDA_PROFILE]' },
  { flags: '--config <file>', description: 'use this config file instead of searching for one' },
  {
    flags: '-o, --output <format>',
    description:
      'output format: table fits the terminal (wrapping free text first; ids are never cut, and wrapped only where nothing else fits); wide never wraps or shortens; off a terminal both are tab-separated lines without box drawing; json and yaml are the objects unchanged',
    // wide: a table whose cells are never wrapped or cut.
    choices: ['table', 'wide', 'json', 'yaml'],
    default: 'table',
  },
  { flags: '--no-headers', description: 'tables without the heading row' },
  { flags: '--no-color', description: 'no colour (also with NO_COLOR or CI set; stdout and stderr each only on a terminal)' },
  {
    flags: '-q, --quiet',
    description: 'print only data, errors and warnings about the work (no progress, no warnings about credentials, TLS or names the engine does not know)',
  },
  { flags: '-v, --verbose', description: 'log each request and response to stderr (credentials redacted)' },
  { flags: '--timeout <seconds>', description: 'per-request timeout in seconds (default: 30)', parse: checked(parseSeconds) },
  { flags: '--retries <n>', description: 'retries of requests that are safe to repeat (default: 2)', parse: checked(parseRetries) },
  { flags: '--ca-file <file>', description: 'PEM file of CAs to trust for https' },
  { flags: '--insecure', description: 'do not verify TLS certificates (warns on every run)' },
  { flags: '--cert-file <file>', description: 'PEM client certificate for mutual TLS (the key may follow it)' },
  { flags: '--key-file <file>', description: 'PEM private key of --cert-file (unencrypted)' },
  { flags: '-y, --yes', description: 'answer yes to confirmations (needed when not on a terminal or with CI set)' },
);

/** The global options as commander parses them. */
export type GlobalFlags = FlagsOf<typeof GLOBAL_FLAGS>;

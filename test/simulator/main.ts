// Runs the engine simulator as a process (bundled for `npm run demo`):
//
//   main [--port N] [--basic-auth] [--flavour camunda|operaton|cibseven] [--rest-root /engine-rest]
//        [--batch-jobs-per-second N] [--extra-groups N] [--extra-authorizations N] [--login-delay SECONDS]
//
// --flavour answers as that product (flavour.ts): Camunda 7.24 (the default), Operaton 2.1.4 or
// CIB seven 2.2.0, with their version, telemetry, class names, admin group and id whitelist.
// --extra-groups / --extra-authorizations add bulk data for benchmarks (group00001.. and as many
// authorizations; see SimulatorOptions.extraGroups / extraAuthorizations). --login-delay sets the
// engine's loginDelayBase (default 3 s: the first delay after a failed --basic-auth login); 0 = none.
//
// Prints one line, `camunda engine simulator listening on <url>`, so a parent process can wait for
// it and read the URL; stops cleanly on SIGINT/SIGTERM. No test-framework imports here.
import { parseArgs } from 'node:util';
import { FLAVOUR_NAMES, type FlavourName, isFlavourName } from './flavour.js';
import { startSimulator } from './server.js';

const USAGE =
  'usage: main [--port N] [--basic-auth] [--flavour camunda|operaton|cibseven] [--rest-root PATH] [--batch-jobs-per-second N] [--extra-groups N] [--extra-authorizations N] [--login-delay SECONDS]';

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 0;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) throw new Error(`--port must be an integer from 0 to 65535, got '${raw}'`);
  return port;
}

function parseJobsPerSecond(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < 0) throw new Error(`--batch-jobs-per-second must be a number >= 0, got '${raw}'`);
  return value;
}

function parseCount(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) > 10_000_000) throw new Error(`--${flag} must be an integer from 0 to 10000000, got '${raw}'`);
  return Number(raw);
}

function parseFlavour(raw: string | undefined): FlavourName {
  if (raw === undefined) return 'camunda';
  if (!isFlavourName(raw)) throw new Error(`--flavour must be one of ${FLAVOUR_NAMES.join(', ')}, got '${raw}'`);
  return raw;
}

/** The engine's loginDelayBase is a Java int of seconds. */
function parseLoginDelay(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) > 2_147_483_647) throw new Error(`--login-delay must be a whole number of seconds >= 0, got '${raw}'`);
  return Number(raw);
}

async function main(): Promise<void> {
  let port: number;
  let basicAuth: boolean;
  let flavour: FlavourName;
  let restRoot: string | undefined;
  let batchJobsPerSecond: number | undefined;
  let extraGroups: number | undefined;
  let extraAuthorizations: number | undefined;
  let loginDelayBaseSeconds: number | undefined;
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string' },
        'basic-auth': { type: 'boolean', default: false },
        flavour: { type: 'string' },
        'rest-root': { type: 'string' },
        'batch-jobs-per-second': { type: 'string' },
        'extra-groups': { type: 'string' },
        'extra-authorizations': { type: 'string' },
        'login-delay': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    });
    port = parsePort(values.port);
    basicAuth = values['basic-auth'] ?? false;
    flavour = parseFlavour(values.flavour);
    restRoot = values['rest-root'];
    batchJobsPerSecond = parseJobsPerSecond(values['batch-jobs-per-second']);
    extraGroups = parseCount('extra-groups', values['extra-groups']);
    extraAuthorizations = parseCount('extra-authorizations', values['extra-authorizations']);
    loginDelayBaseSeconds = parseLoginDelay(values['login-delay']);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }

  const simulator = await startSimulator({ port, basicAuth, flavour, restRoot, batchJobsPerSecond, extraGroups, extraAuthorizations, loginDelayBaseSeconds });
  process.stdout.write(`camunda engine simulator listening on ${simulator.url}\n`);

  const stop = (): void => {
    simulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

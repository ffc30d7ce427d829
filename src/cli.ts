/**
 * The entry point: declares the global options and the command families, runs the one that was
 * asked for, and turns every failure into one error line and an exit code (src/exit.ts).
 * A family's actions, and with them the engine client and the renderers, are loaded only when one
 * of its commands runs.
 */
import type { EventEmitter } from 'node:events';
import { Command, CommanderError, Help, type Option } from 'commander';
import { App, type Io } from './app.js';
import type { ActionOf } from './commands/action.js';
import { declareAccessCommands } from './commands/access.js';
import { declareAuthCommands } from './commands/auth.js';
import { declareBatchCommands } from './commands/batch.js';
import { declareCompletionCommand } from './commands/completion.js';
import { declareConfigCommands } from './commands/config.js';
import { declareDefinitionCommands } from './commands/definition.js';
import { declareDeploymentCommands } from './commands/deployment.js';
import { declareEngineCommands } from './commands/engine.js';
import { GLOBAL_FLAGS } from './commands/global-flags.js';
import { declareGroupCommands } from './commands/group.js';
import { declareUserCommands } from './commands/user.js';
import { declareTenantCommands } from './commands/tenant.js';
import { declareHistoryCommands } from './commands/history.js';
import { declareIncidentCommands } from './commands/incident.js';
import { declareInstanceCommands } from './commands/instance.js';
import { declareJobCommands } from './commands/job.js';
import { declareExternalTaskCommands } from './commands/external-task.js';
import { declareMetricsCommands } from './commands/metrics.js';
import { declareMigrationCommands } from './commands/migration.js';
import { ChangeFailedError } from './change/errors.js';
import { declareFlags } from './commands/spec.js';
import { CliError, ExitCode, exitCodesHelp, UsageError } from './exit-codes.js';
import { plainOutput } from './render/output.js';
import { closest } from './util/suggest.js';
import { compareText, visibleControls } from './util/text.js';
import { VERSION } from './version.js';

/**
 * The command families, by the name that selects them: each one's declaration (options and help,
 * all that help, completion and the docs need), and the module of its actions. These imports are
 * the only place where actions are loaded (eslint.config.js holds to it): each actions module
 * imports what it uses, and the bundler gives it a chunk that only its family's commands load.
 */
const FAMILIES: Readonly<Record<string, (program: Command, app: App) => void>> = {
  engine: family(declareEngineCommands, () => import('./commands/engine-actions.js')),
  config: family(declareConfigCommands, () => import('./commands/config-actions.js')),
  auth: family(declareAuthCommands, () => import('./commands/auth-actions.js')),
  access: family(declareAccessCommands, () => import('./commands/access-actions.js')),
  group: family(declareGroupCommands, () => import('./commands/group-actions.js')),
  user: family(declareUserCommands, () => import('./commands/user-actions.js')),
  tenant: family(declareTenantCommands, () => import('./commands/tenant-actions.js')),
  metrics: family(declareMetricsCommands, () => import('./commands/metrics-actions.js')),
  migration: family(declareMigrationCommands, () => import('./commands/migration-actions.js')),
  definition: family(declareDefinitionCommands, () => import('./commands/definition-actions.js')),
  batch: family(declareBatchCommands, () => import('./commands/batch-actions.js')),
  incident: family(declareIncidentCommands, () => import('./commands/incident-actions.js')),
  instance: family(declareInstanceCommands, () => import('./commands/instance-actions.js')),
  job: family(declareJobCommands, () => import('./commands/job-actions.js')),
  history: family(declareHistoryCommands, () => import('./commands/history-actions.js')),
  'external-task': family(declareExternalTaskCommands, () => import('./commands/external-task-actions.js')),
  deployment: family(declareDeploymentCommands, () => import('./commands/deployment-actions.js')),
  completion: family(declareCompletionCommand, () => import('./commands/completion-actions.js')),
};

/** Declares a family whose commands, when they run, load its actions and call the one they name. */
function family<M>(declare: (program: Command, action: ActionOf<M>) => void, load: () => Promise<M>): (program: Command, app: App) => void {
  return (program, app) =>
    declare(program, (name) => async (...args) => {
      const actions = await load();
      // commander passes the operands, the options and the command: what each action takes after the app.
      const run = actions[name] as (app: App, ...args: unknown[]) => Promise<void>;
      await run(app, ...args);
    });
}

/**
 * The program for `argv`. When argv names a command family, only that family is declared: declaring
 * all nine costs every run milliseconds (docs/performance.md). Without argv, or when the family is
 * not plain to see (help, a typo, completion, which walks the whole tree), every family is.
 */
export function buildProgram(io: Io, argv?: readonly string[]): { program: Command; app: App } {
  const program = new Command('camunda-admin');
  const app = new App(io, program);
  program
    .description('Administer a Camunda Platform 7 engine, or one of its forks Operaton and CIB seven, through its REST API.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help');
  declareFlags(program, GLOBAL_FLAGS)
    .configureHelp({ showGlobalOptions: true, visibleCommands: alphabeticalCommands })
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(oneLineError(text)),
    })
    .addHelpText(
      'after',
      `
Engines: Camunda 7 and its forks Operaton and CIB seven answer the same REST API; engine info names
the product. Each numbers its own releases (Operaton 2.x is not older than Camunda 7.24), and the
admin group is operaton-admin on Operaton, camunda-admin on the others (docs/engines.md).

Proxies: https_proxy or HTTPS_PROXY for an https URL, http_proxy or HTTP_PROXY for an http one,
no_proxy or NO_PROXY for hosts reached directly; read as curl reads them, but for HTTP_PROXY,
which curl ignores (docs/configuration.md).

${exitCodesHelp()}

Examples:
  $ camunda-admin engine info --url http://localhost:8080/engine-rest
  $ camunda-admin --profile prod auth get 5f1c3a9e-8e0b-11ee-b9d1-0242ac120002 -o json`,
    );

  const named = argv && familyNamedIn(argv, program);
  for (const [family, register] of Object.entries(FAMILIES)) {
    if (named === undefined || named === 'completion' || named === family) register(program, app);
  }

  // A command's own `--version <n>` (`incident list --key invoice --version 2`) must reach it: commander
  // takes the program's options wherever they stand. Only then is the program's dropped, so help
  // pages stay as they are; `camunda-admin --version` names no family.
  if (
    named !== undefined &&
    argv?.includes('--version') &&
    allCommands(program).some((command) => command.options.some((option) => option.long === '--version'))
  )
    forgetVersionOption(program);
  // Likewise `job retry --retries N` (the retries the jobs get) after the family's name: the program's
  // --retries (how often a request is repeated) is dropped then.
  if (named !== undefined && argv !== undefined && ownsFlagAfter(argv, named, '--retries', program)) forgetProgramOption(program, '--retries');
  // Likewise `user create --password-stdin` (the new user's password): the program's (the caller's own) is dropped.
  if (named !== undefined && argv !== undefined && ownsFlagAfter(argv, named, '--password-stdin', program)) forgetProgramOption(program, '--password-stdin');

  // Every subcommand inherits the error handling and output of the root.
  for (const command of allCommands(program)) {
    command
      .exitOverride()
      .configureOutput({
        writeOut: (text) => io.stdout.write(text),
        writeErr: (text) => io.stderr.write(text),
        outputError: (text, write) => write(oneLineError(text)),
      })
      .showSuggestionAfterError(true);
  }
  return { program, app };
}

/**
 * The first operand of argv when it names a family, skipping the global options and their values as
 * commander would. A form this does not follow (`-qo json`) yields no family, so all are declared.
 */
export function familyNamedIn(argv: readonly string[], program: Command): string | undefined {
  // Help asked for before the family is the root's help, which lists every family.
  const [word] = operandsOf(argv, program, { stopAtHelp: true });
  return word !== undefined && Object.hasOwn(FAMILIES, word) ? word : undefined;
}

/** Whether `flag` stands after the family's name and a command declared has a flag of that name of its own. */
function ownsFlagAfter(argv: readonly string[], named: string, flag: string, program: Command): boolean {
  const after = argv.slice(argv.indexOf(named)).some((word) => word === flag || word.startsWith(`${flag}=`));
  return after && allCommands(program).some((command) => command !== program && command.options.some((option) => option.long === flag));
}

/** Drops one of the program's own options (a command's flag of that name then gets the value). */
function forgetProgramOption(program: Command, flag: string): void {
  const options = program.options as Option[];
  const index = options.findIndex((option) => option.long === flag);
  if (index >= 0) options.splice(index, 1);
}

/**
 * `--retries` before a family whose command has its own (the requests' retries) and after it (the
 * objects'): the command takes the flag, the program's was dropped, so the first cannot be read.
 */
function refuseRetriesTwice(argv: readonly string[], program: Command): void {
  if (program.options.some((option) => option.long === '--retries')) return;
  // Named as with every global flag declared: the dropped --retries still takes a value before the family.
  const named = familyNamedIn(argv, declareFlags(new Command(), GLOBAL_FLAGS));
  if (named === undefined) return;
  if (!allCommands(program).some((command) => command !== program && command.options.some((option) => option.long === '--retries'))) return;
  if (argv.slice(0, argv.indexOf(named)).some((word) => word === '--retries' || word.startsWith('--retries=')))
    throw new UsageError(
      `--retries before '${named}' is the requests' retries, after it the retries the ${named === 'job' ? 'jobs' : 'external tasks'} get: give the requests' in the profile (retries:) instead`,
    );
}

/** `--password-stdin` both before a family whose command has its own and after it: one standard input cannot hold both passwords. */
function refusePasswordStdinTwice(argv: readonly string[], program: Command): void {
  if (program.options.some((option) => option.long === '--password-stdin')) return;
  const named = familyNamedIn(argv, declareFlags(new Command(), GLOBAL_FLAGS));
  if (named === undefined || !argv.slice(0, argv.indexOf(named)).includes('--password-stdin')) return;
  throw new UsageError(
    `--password-stdin before '${named}' is your own password, after it the user's: standard input cannot hold both; give yours another way (CAMUNDA_PASSWORD, a profile)`,
  );
}

function forgetVersionOption(program: Command): void {
  const options = program.options as Option[];
  const index = options.findIndex((option) => option.long === '--version');
  if (index >= 0) options.splice(index, 1);
  // commander's Command is an EventEmitter; its typings leave that out.
  (program as unknown as EventEmitter).removeAllListeners('option:version');
}

/**
 * The operands of argv in order (command names, then arguments), skipping the global options and
 * their values as commander would; with stopAtHelp, none after `--help` or `-h`.
 */
function operandsOf(argv: readonly string[], program: Command, options: { stopAtHelp?: boolean } = {}): string[] {
  const valueOf = new Map<string, 'required' | 'optional'>();
  for (const option of program.options) {
    if (!option.required && !option.optional) continue;
    for (const flag of [option.short, option.long]) if (flag) valueOf.set(flag, option.required ? 'required' : 'optional');
  }
  const operands: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (word === '--') break;
    if (options.stopAtHelp && (word === '--help' || word === '-h')) break;
    if (!word.startsWith('-') || word === '-') {
      operands.push(word);
      continue;
    }
    const value = valueOf.get(word);
    if (value === 'required' || (value === 'optional' && !argv[index + 1]?.startsWith('-'))) index++;
  }
  return operands;
}

/**
 * `help A B` (and `A help B`): the command whose help is asked for, or the name that is no command.
 * commander's own help command takes one name (`help auth list` showed auth's help) and answers a
 * name that is no command with the whole help, and no error line.
 */
function helpRequest(argv: readonly string[], program: Command): { command: Command } | { unknown: string; among: Command } | undefined {
  const operands = operandsOf(argv, program);
  let current = program;
  for (let index = 0; index < operands.length; index++) {
    const word = operands[index]!;
    if (word === 'help' && current.commands.length > 0 && !subcommand(current, word)) {
      for (const name of operands.slice(index + 1)) {
        // `help help` is the help of the command that has the help command.
        if (name === 'help') continue;
        const next = subcommand(current, name);
        if (!next) return { unknown: name, among: current };
        current = next;
      }
      return { command: current };
    }
    const next = subcommand(current, word);
    if (!next) return undefined;
    current = next;
  }
  return undefined;
}

function subcommand(command: Command, name: string): Command | undefined {
  return command.commands.find((child) => child.name() === name || child.aliases().includes(name));
}

/** commander's errors in one line, as every error is (docs/exit-codes.md): its suggestion joins the line. */
function oneLineError(text: string): string {
  return text.replace(/\n\(Did you mean (.*)\?\)\n?$/, (_whole, names: string) => ` (did you mean ${names}?)\n`);
}

/** Subcommands in help, alphabetically; commander's sortSubcommands would use localeCompare. */
function alphabeticalCommands(this: Help, command: Command): Command[] {
  return Help.prototype.visibleCommands.call(this, command).sort((a, b) => compareText(a.name(), b.name()));
}

function allCommands(command: Command): Command[] {
  return command.commands.flatMap((child) => [child, ...allCommands(child)]);
}

/** Runs one invocation and returns its exit code; never throws, never calls process.exit. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const { program, app } = buildProgram(io, argv);
  try {
    refuseRetriesTwice(argv, program);
    refusePasswordStdinTwice(argv, program);
    const help = helpRequest(argv, program);
    if (help && 'command' in help) {
      help.command.outputHelp();
      return ExitCode.Success;
    }
    if (help) {
      // In the words of commander's own line for an unknown command.
      const [near] = closest(
        help.unknown,
        help.among.commands.map((command) => command.name()),
        1,
      );
      throw new UsageError(`unknown command '${help.unknown}'${near === undefined ? '' : ` (did you mean ${near}?)`}`);
    }
    await program.parseAsync(argv as string[], { from: 'user' });
    // Stopped by Ctrl-C, a command may still end without an error (one that reports failures one
    // by one, or a probe that catches them): the run was interrupted all the same.
    return app.interrupt.stopped ? await report(app.interruption(), app) : app.exitCode;
  } catch (error) {
    // Whatever a command made of its abandoned request, the reason it failed is the interrupt;
    // an error that already says so (at a prompt: nothing was changed) is kept.
    const interrupted =
      (error instanceof CliError && error.exitCode === ExitCode.Interrupted) || (error instanceof ChangeFailedError && error.kind === 'interrupted');
    return await report(app.interrupt.stopped && !interrupted ? app.interruption() : error, app);
  } finally {
    await app.close();
  }
}

async function report(error: unknown, app: App): Promise<number> {
  // A reader that stopped early (`… -o json | head`) closed our output: the data it wanted has gone
  // out, and nothing more can be said on that stream. That is how pipes end, not an error of ours.
  const { code, syscall } = typeof error === 'object' && error !== null ? (error as { code?: unknown; syscall?: unknown }) : {};
  if (code === 'EPIPE' && syscall === 'write') return app.exitCode;
  if (error instanceof CommanderError) {
    // commander has printed its own one-line message (or the help/version) already. The `help`
    // command ends with commander.help, exit code 0 when the help was asked for and 1 when it
    // follows a mistake (`help nope`), which is a usage error like any other.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.Success;
    if (error.code === 'commander.help' && error.exitCode === 0) return ExitCode.Success;
    return ExitCode.Usage;
  }
  const { describeFailure } = await import('./exit.js');
  const failure = describeFailure(error);
  let output;
  try {
    output = await app.output();
  } catch {
    output = plainOutput(app.io.stdout, app.io.stderr);
  }
  // Only our own errors may have several lines (a plan file's problems); an engine error quotes the
  // engine's text, whose line breaks must not break the one line.
  output.error(error instanceof CliError || error instanceof ChangeFailedError ? failure.message : visibleControls(failure.message), failure.hint);
  // A stack trace helps only with a bug; for an error the user can act on it buries the one line.
  if (failure.internal && app.flags.verbose && error instanceof Error && error.stack) {
    output.debug(error.stack);
  }
  return failure.exitCode;
}

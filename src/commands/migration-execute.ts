/**
 * `migration execute`: the flags checked and turned into a request, the use case of
 * src/migration/execute-run.ts run (the plan read and resolved, the selection built, the journal
 * locked, the pipeline of src/migration/pipeline.ts), and its outcome printed.
 */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { commandLine } from '../exit.js';
import { UsageError } from '../exit-codes.js';
import { type ExecuteRequest, executePlan } from '../migration/execute-run.js';
import { printExecuteOutcome } from '../render/execute-outcome.js';
import { currentEngine, migrationHost } from './migration-host.js';
import type { ExecuteFlags } from './migration-flags.js';
import { commaList } from './options.js';
import { checkBatchFlags, parseRunFlags } from './run-flags.js';

type ExecuteOptions = ExecuteFlags;

function checkFlagCombinations(options: ExecuteOptions): void {
  checkBatchFlags(options, { resumeIsChunked: true, ending: 'the command ends when the batch is created' });
  if (options.journal && !options.chunkSize && !options.resume) throw new UsageError('--journal needs --chunk-size (or --resume)');
  if (options.takeOverLock && !options.chunkSize && !options.resume)
    throw new UsageError('--take-over-lock takes over the lock of a journal: it needs --resume or --chunk-size');
  if (options.force && !options.report && !options.chunkSize)
    throw new UsageError('--force replaces an existing --report file or journal: it needs --report or --chunk-size');
  if (options.instancesFile === '-' && options.query === '-') throw new UsageError('--instances-file and --query cannot both read standard input');
  if (options.resume) {
    const given = [
      ['--instances', options.instances],
      ['--instances-file', options.instancesFile],
      ['--query', options.query],
      ['--all-instances', options.allInstances],
    ]
      .filter(([, value]) => value !== undefined && value !== false)
      .map(([flag]) => flag);
    if (given.length > 0) throw new UsageError(`--resume continues the selection its journal holds; leave out ${given.join(', ')}`);
  }
}

export async function executeMigration(app: App, planFile: string, options: ExecuteOptions): Promise<void> {
  checkFlagCombinations(options);
  app.refuseStdinClash({ '<plan>': planFile, '--instances-file': options.instancesFile, '--query': options.query });
  const { chunkSize, canary, canaryWaitMs, timeoutMs: waitTimeoutMs, intervalMs } = parseRunFlags(options);
  if (planFile === '-' && (options.instancesFile === '-' || options.query === '-')) {
    throw new UsageError('the plan and the selection cannot both come from standard input');
  }
  if (planFile === '-' && (chunkSize || options.resume) && !options.journal) {
    throw new UsageError('a chunked run of a plan from standard input needs --journal FILE');
  }
  if (options.instances !== undefined && options.instances.trim() === '') {
    throw new UsageError('--instances: no process instance id given (an empty list selects nothing); nothing was sent');
  }
  const request: ExecuteRequest = {
    planFile,
    selection: {
      instances: options.instances === undefined ? undefined : commaList(options.instances, '--instances'),
      instancesFile: options.instancesFile,
      queryFile: options.query,
      allInstances: Boolean(options.allInstances),
    },
    tenant: options.tenant,
    skipCustomListeners: options.skipCustomListeners,
    skipIoMappings: options.skipIoMappings,
    skipValidation: Boolean(options.skipValidation),
    dryRun: Boolean(options.dryRun),
    async: options.async ? { wait: Boolean(options.wait), intervalMs, waitTimeoutMs } : undefined,
    chunkSize,
    canary,
    canaryWaitMs,
    allowPendingBatch: Boolean(options.allowPendingBatch),
    journalFile: options.journal ?? `${planFile}.journal.jsonl`,
    resume: Boolean(options.resume),
    report: options.report,
    force: Boolean(options.force),
    takeOverLock: Boolean(options.takeOverLock),
    takeOverCommand: options.resume
      ? commandLine([
          'camunda-admin',
          'migration',
          'execute',
          planFile,
          '--resume',
          ...(options.journal ? ['--journal', options.journal] : []),
          '--take-over-lock',
        ])
      : 'the same command with --take-over-lock',
  };
  const output = await app.output();
  const outcome = await executePlan(
    {
      stdin: app.io.stdin,
      client: ({ bulk }) => engineClient(app, { bulk }),
      engine: () => currentEngine(app),
      host: (client) => migrationHost(app, client),
      warn: (message) => output.warn(message),
    },
    request,
  );
  await printExecuteOutcome(output, app.io.stdout, outcome);
}

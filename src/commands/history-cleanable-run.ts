/** What `history cleanable` does (declared in ./history-cleanable.ts). */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import { cleanableReport, hasNeverCleaned, type CleanableKind } from '../history/cleanable.js';
import { kindNoun } from '../history/ttl-definitions.js';
import { cleanableView } from '../render/history-cleanable.js';
import { plural } from '../util/text.js';
import type { CLEANABLE_FLAGS } from './history-cleanable-flags.js';
import { commaList } from './options.js';
import { filterText } from './runtime-filters.js';
import type { FlagsOf } from './spec.js';

function kindOf(flags: FlagsOf<typeof CLEANABLE_FLAGS>): CleanableKind {
  if (flags.decisions && flags.batches) throw new UsageError('--decisions and --batches: one kind a run');
  if (flags.batches && flags.key !== undefined) throw new UsageError('--key does not apply to --batches: the batch report has a row per batch type');
  return flags.decisions ? 'decision' : flags.batches ? 'batch' : 'process';
}

export async function reportCleanable(app: App, flags: FlagsOf<typeof CLEANABLE_FLAGS>): Promise<void> {
  const kind = kindOf(flags);
  // Split on commas as the engine splits its keyIn (and as --version of ttl set takes them): the check of keys without a row sees each.
  const keys = (flags.key ?? []).flatMap((key) => commaList(filterText(key, '--key') ?? '', '--key'));
  const client = await engineClient(app, { bulk: flags.scan });
  const report = await cleanableReport(client, { kind, keys, scan: flags.scan });
  const output = await app.output();
  if (output.machineReadable) await output.data(report.rows, { table: () => '' });
  else await output.data(report, cleanableView);
  // Worded as `history ttl list --key` words it: a warning, not a failure (exit 0).
  for (const { kind: keyKind, key, hint } of report.unmatched)
    output.warn(
      hint === null
        ? `no row for ${kindNoun(keyKind)} key '${key}': the user may not read its history (READ_HISTORY)`
        : `no ${kindNoun(keyKind)} with key '${key}' (${hint})`,
    );
  if (report.scanned > 0 && output.verbose) output.info(`read ${plural(report.scanned, 'finished row')} for their removal time`);
  if (flags.detailedExitcode && hasNeverCleaned(report)) app.exitCode = ExitCode.DifferencesFound;
}

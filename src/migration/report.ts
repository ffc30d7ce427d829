/**
 * `--report FILE` of a migration and of a sweep: one row per instance (src/change/report-file.ts says
 * the format and checks the file).
 */
import { csvCell, reportFormat } from '../change/report-file.js';
import { writeFileAtomically } from '../util/files.js';
import type { ExecutionResult } from './execute.js';
import { countOutcomes } from './outcome.js';
import type { SweepOutcome } from './sweep-outcome.js';

const CSV_HEADER = ['processInstanceId', 'outcome', 'definitionId', 'sourceProcessDefinitionId', 'targetProcessDefinitionId', 'mode', 'batchIds', 'finishedAt'];

function reportText(result: ExecutionResult, format: 'csv' | 'json'): string {
  if (format === 'json') return `${JSON.stringify(result, null, 2)}\n`;
  const batchIds = result.batches.map((batch) => batch.id).join(' ');
  const rows = result.instances.map((instance) =>
    [instance.id, instance.outcome, instance.definitionId, result.source.id, result.target.id, result.mode, batchIds, result.finishedAt].map(csvCell).join(','),
  );
  return `${[CSV_HEADER.join(','), ...rows].join('\n')}\n`;
}

export async function writeReport(file: string, result: ExecutionResult): Promise<void> {
  await writeFileAtomically(file, reportText(result, reportFormat(file)));
}

/**
 * The report of a sweep: every version's instances, each once. CSV has the columns of an execute's
 * report (the source column tells the versions apart); JSON has each version's summary, the totals,
 * and the instances with their version.
 */
export async function writeSweepReport(file: string, outcome: SweepOutcome): Promise<void> {
  const results = outcome.versions.flatMap((version) => (version.result ? [{ version, result: version.result }] : []));
  if (reportFormat(file) === 'csv') {
    const rows = results.flatMap(({ result }) => reportText(result, 'csv').trimEnd().split('\n').slice(1));
    await writeFileAtomically(file, `${[CSV_HEADER.join(','), ...rows].join('\n')}\n`);
    return;
  }
  const totals = countOutcomes(results.flatMap(({ result }) => result.instances));
  const versions = outcome.versions.map(({ result, ...version }) => {
    const summary = result ? (({ instances: _instances, ...rest }) => rest)(result) : null;
    return { ...version, summary };
  });
  const instances = results.flatMap(({ version, result }) =>
    result.instances.map((instance) => ({ ...instance, sourceProcessDefinitionId: result.source.id, version: version.version, plan: version.file })),
  );
  await writeFileAtomically(file, `${JSON.stringify({ key: outcome.key, sweepJournal: outcome.sweepJournal, versions, outcome: totals, instances }, null, 2)}\n`);
}

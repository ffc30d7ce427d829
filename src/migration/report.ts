/**
 * `--report FILE` of a migration and of a sweep: one row per instance (src/change/report-file.ts says
 * the format, writes it, and checks the file).
 */
import { csvHeader, csvRows, type ReportColumns, writeChangeReport } from '../change/report-file.js';
import { countOutcomes } from '../change/result.js';
import type { ExecutionResult } from './execute.js';
import { MIGRATION_OUTCOMES } from './operation.js';
import type { SweepOutcome } from './sweep-outcome.js';

type Instance = ExecutionResult['instances'][number];

/** The columns of a migration's CSV report beside the id and the outcome; the definitions are the run's. */
function columnsOf(result: Pick<ExecutionResult, 'source' | 'target'>): ReportColumns<Instance> {
  return {
    id: 'processInstanceId',
    columns: [
      { name: 'definitionId', value: (instance) => instance.definitionId },
      { name: 'sourceProcessDefinitionId', value: () => result.source.id },
      { name: 'targetProcessDefinitionId', value: () => result.target.id },
    ],
  };
}

const HEADER = csvHeader(columnsOf({ source: { id: '' }, target: { id: '' } } as Pick<ExecutionResult, 'source' | 'target'>));

function csvOf(result: ExecutionResult): string[] {
  return csvRows(columnsOf(result), result, result.instances);
}

export async function writeReport(file: string, result: ExecutionResult): Promise<void> {
  await writeChangeReport(file, result, () => [HEADER, ...csvOf(result)]);
}

/**
 * The report of a sweep: every version's instances, each once. CSV has the columns of an execute's
 * report (the source column tells the versions apart); JSON has each version's summary, the totals,
 * and the instances with their version.
 */
export async function writeSweepReport(file: string, outcome: SweepOutcome): Promise<void> {
  const results = outcome.versions.flatMap((version) => (version.result ? [{ version, result: version.result }] : []));
  const totals = countOutcomes(
    MIGRATION_OUTCOMES,
    results.flatMap(({ result }) => result.instances),
  );
  const versions = outcome.versions.map(({ result, ...version }) => {
    const summary = result ? (({ instances: _instances, ...rest }) => rest)(result) : null;
    return { ...version, summary };
  });
  const instances = results.flatMap(({ version, result }) =>
    result.instances.map((instance) => ({ ...instance, sourceProcessDefinitionId: result.source.id, version: version.version, plan: version.file })),
  );
  await writeChangeReport(file, { key: outcome.key, sweepJournal: outcome.sweepJournal, versions, outcome: totals, instances }, () => [
    HEADER,
    ...results.flatMap(({ result }) => csvOf(result)),
  ]);
}

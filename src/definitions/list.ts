/** The rows of `definition list`: the engine's definitions, each with its statistics beside it. */
import { type DefinitionStatistics, incidentCount, type ProcessDefinition } from '../engine/process-definitions.js';

export interface DefinitionCounts {
  /** Running process instances. */
  instances: number;
  /** Open incidents of every type. */
  incidents: number;
  failedJobs: number;
}

/** The engine's ProcessDefinitionDto unchanged, plus `statistics` (null when the statistics have no row for it). */
export type DefinitionRow = ProcessDefinition & { statistics: DefinitionCounts | null };

export function countsById(statistics: readonly DefinitionStatistics[]): Map<string, DefinitionCounts> {
  return new Map(statistics.map((row) => [row.id, { instances: row.instances, incidents: incidentCount(row), failedJobs: row.failedJobs ?? 0 }]));
}

export function withCounts(definitions: readonly ProcessDefinition[], counts: ReadonlyMap<string, DefinitionCounts>): DefinitionRow[] {
  return definitions.map((definition) => ({ ...definition, statistics: counts.get(definition.id) ?? null }));
}

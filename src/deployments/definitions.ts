/** The definitions a deployment created, from the engine's answer (DeploymentWithDefinitionsDto), whatever their kind. */
import type { DeployedDefinition, DeploymentWithDefinitions } from '../engine/deployments.js';

export interface NewDefinition {
  kind: 'process' | 'case' | 'decision' | 'decision requirements';
  key: string;
  version: number | null;
  id: string;
  resource: string | null;
}

const KINDS = [
  ['deployedProcessDefinitions', 'process'],
  ['deployedCaseDefinitions', 'case'],
  ['deployedDecisionDefinitions', 'decision'],
  ['deployedDecisionRequirementsDefinitions', 'decision requirements'],
] as const;

/** By resource, then key. */
export function newDefinitions(deployment: DeploymentWithDefinitions): NewDefinition[] {
  const rows: NewDefinition[] = [];
  for (const [field, kind] of KINDS) {
    const map: Record<string, DeployedDefinition> | null | undefined = deployment[field];
    for (const definition of Object.values(map ?? {}))
      rows.push({ kind, key: definition.key, version: definition.version ?? null, id: definition.id, resource: definition.resource ?? null });
  }
  const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return rows.sort((a, b) => text(a.resource ?? '', b.resource ?? '') || text(a.key, b.key));
}

/** Every map null: the engine deployed no definition (a duplicate-filtered answer, or forms and scripts only). */
export function deployedNoDefinition(deployment: DeploymentWithDefinitions): boolean {
  return KINDS.every(([field]) => deployment[field] === null || deployment[field] === undefined);
}

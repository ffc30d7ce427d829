/**
 * What `history removal-time set` refuses before anything is sent: a calculated removal time for
 * definitions without time-to-live (the engine would leave their instances without one, or clear the
 * one they have), and --update-in-chunks on an engine that ignores it.
 */
import { commandLine } from '../exit.js';

/** Definitions named in a refusal at most; the rest are counted. */
const NAMED = 10;

export interface DefinitionWithoutTtl {
  id: string;
  key: string;
  version: number;
  tenantId: string | null;
}

/** The refusal of --calculated for definitions without time-to-live, with the commands that give them one. */
export function missingTtlMessage(definitions: readonly DefinitionWithoutTtl[]): string {
  const names = definitions.map((definition) => `${definition.key}:${definition.version}${definition.tenantId ? ` (tenant ${definition.tenantId})` : ''}`);
  const shown = names.slice(0, NAMED).join(', ') + (names.length > NAMED ? ` and ${names.length - NAMED} more` : '');
  const keys = [...new Set(definitions.map((definition) => definition.key))];
  const fixes = keys
    .slice(0, 3)
    .map((key) => commandLine(['camunda-admin', 'history', 'ttl', 'set', key, '--days', 'N']))
    .join('; ');
  return (
    `--calculated: ${definitions.length === 1 ? 'the definition' : `${definitions.length} definitions`} of the selection ${definitions.length === 1 ? 'has' : 'have'} no time-to-live (${shown}): ` +
    `the engine calculates no removal time for ${definitions.length === 1 ? 'its' : 'their'} instances (it would leave them without one, or clear the one they have); ` +
    `give ${definitions.length === 1 ? 'it' : 'them'} one first (${fixes}), narrow the selection (--version), or use --absolute DATE; nothing was sent`
  );
}

/** Camunda 7 before 7.20 (its REST layer drops fields it does not know): the refusal; undefined where the engine has it. */
export function updateInChunksRefusal(version: string | null): string | undefined {
  const minor = version === null ? undefined : /^7\.(\d+)\./.exec(version.trim())?.[1];
  if (minor === undefined || Number(minor) >= 20) return undefined;
  return `--update-in-chunks: the engine (${version}) has no chunked update of removal times (Camunda 7.20+); it would ignore it and update each instance in one transaction; leave it out; nothing was sent`;
}

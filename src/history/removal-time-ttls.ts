/**
 * The time-to-live of process definitions by id, looked up once per definition for a run of
 * `history removal-time set --calculated`: the selection needs it to tell instances whose removal
 * time is already the calculated one, the outcome check to know what the engine calculated.
 */
import type { ProcessDefinition, ProcessDefinitionApi } from '../engine/process-definitions.js';

/** Definition ids in one GET /process-definition?processDefinitionIdIn= (the URL stays short). */
const IDS_PER_LOOKUP = 100;

export interface DefinitionTtl {
  key: string;
  version: number;
  tenantId: string | null;
  /** Days; null: none. */
  ttl: number | null;
}

/** GET /process-definition's `historyTimeToLive` (days, or null): a field the definition schema keeps as the engine sent it. */
function historyTimeToLiveOf(definition: ProcessDefinition): number | null {
  const ttl = (definition as { historyTimeToLive?: unknown }).historyTimeToLive;
  return typeof ttl === 'number' && Number.isInteger(ttl) ? ttl : null;
}

export class DefinitionTtls {
  private readonly known = new Map<string, DefinitionTtl | null>();

  constructor(private readonly definitions: Pick<ProcessDefinitionApi, 'listAll'>) {}

  /** Looks up the ids not known yet; an id the engine does not have (or hides) is known as null. */
  async load(ids: Iterable<string | null | undefined>): Promise<void> {
    const missing = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && !this.known.has(id)))];
    for (let start = 0; start < missing.length; start += IDS_PER_LOOKUP) {
      const page = missing.slice(start, start + IDS_PER_LOOKUP);
      for (const id of page) this.known.set(id, null);
      for (const definition of await this.definitions.listAll({ processDefinitionIdIn: page })) {
        this.known.set(definition.id, {
          key: definition.key,
          version: definition.version,
          tenantId: definition.tenantId ?? null,
          ttl: historyTimeToLiveOf(definition),
        });
      }
    }
  }

  /** Undefined: not looked up; null: the engine has no such definition. */
  get(id: string | null | undefined): DefinitionTtl | null | undefined {
    return typeof id === 'string' ? this.known.get(id) : null;
  }
}

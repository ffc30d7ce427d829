/** What a migration adds to the journal of the change pipeline (src/change/journal.ts). */
import type { JournalState } from '../change/journal.js';

/** What a migration's journal records beside its ids (the file format of journals before the change pipeline). */
export interface MigrationScope {
  plan: string;
  sourceProcessDefinitionId: string;
  targetProcessDefinitionId: string;
}

/** A migration's journal, read back. */
export type MigrationJournalState = JournalState<MigrationScope>;

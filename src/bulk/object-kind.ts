/**
 * What the bulk layer needs of a kind of engine object (process instances now; jobs, external tasks
 * and historic process instances next) to select, freeze and preview a selection of them: its query
 * endpoint, counts, pages of rows, and what describes a row in the preview. A kind knows its engine
 * resource; the selection (./selection.ts) and the preview (./preview.ts) know only this interface.
 */
import type { JsonText } from '../engine/http.js';

/** A query body of the kind's query endpoint (POST /process-instance, POST /job, ...), as --query FILE gives it. */
export type QueryBody = Record<string, unknown>;

/** One object as the selection reads it: its id, the definition it belongs to (for the preview), and the engine's row. */
export interface ObjectRow<R = unknown> {
  id: string;
  /** The process definition id, or null when the object has none. */
  definitionId: string | null;
  /** The engine's object, as the query endpoint gave it (an operation may look at it: `suspended`). */
  row: R;
}

/** A definition as the preview names it: `invoice:3`. */
export interface DefinitionName {
  key: string;
  version: number;
}

export interface ObjectKind<R = unknown> {
  /** `process instance`, `process instances`. */
  one: string;
  many: string;
  /**
   * Why an id given may not be among the objects, for the warning that names such ids: `still running,
   * never existed, or not matching the filters` (finished instances: history ttl, instance delete
   * --finished); absent: ended, never existed, or not matching.
   */
  absentBecause?: string;
  /** The endpoint a --query FILE is the body of: `POST /process-instance`. */
  queryEndpoint: string;
  /** The field of a query body that selects objects by id: `processInstanceIds`. */
  idsField: string;
  /**
   * When the ids given (--instances, --instances-file) are not the objects' own but their process
   * instances' (the jobs of instances): the query field selecting by them (`processInstanceIds`), and
   * the given id a row belongs to. An id given then selects every row of its instance. Absent: the
   * ids given are the objects' (`idsField`, the row's id).
   */
  givenIds?: { field: string; of(row: ObjectRow<R>): string };
  /** A --query FILE's text as a query body, checked as the kind's query endpoint takes it (file:line:column on a problem). */
  parseQuery(text: string, file: string): QueryBody;
  count(body: QueryBody | JsonText): Promise<number>;
  /**
   * Every object the query matches, page by page, ordered so that none is skipped or repeated
   * (the kind's pager respects the engine's queryMaxResultsLimit); `pageSize`: the first page's rows.
   */
  rows(body: QueryBody, pageSize?: number): AsyncIterable<ObjectRow<R>[]>;
  /** Big pages from now on: undici and the heap bounded as for listings (src/engine/process-instances.ts). */
  useBulkTransport(): Promise<void>;
  /** Key and version of each definition id, for the preview (ids the engine does not know are left out). */
  definitions(definitionIds: readonly string[]): Promise<Map<string, DefinitionName>>;
  /**
   * The activities objects of a definition may be at, each with the query filter that selects the
   * objects there (`{activityIdIn: [id], processDefinitionId}`): the preview counts the selection per
   * activity with it. The filter names the definition too: two definitions may have an activity of one id.
   * Or, for a kind whose rows name their place (`groupOf`), the groups at the activity: the preview
   * then counts the rows frozen in those groups, without a request.
   */
  activities(definitionId: string): Promise<ActivityOfKind[]>;
  /**
   * The group a row is counted in for the preview's activities (a job's job definition), when the
   * kind counts its activities from the rows rather than by a query (`ActivityOfKind.groups`).
   */
  groupOf?(row: ObjectRow<R>): string | null;
  /**
   * The query of every object of a definition (`{processDefinitionId}`), for a kind whose activities
   * have an `all` query: where the selection holds every object of the definition, the preview counts
   * each activity's objects with `all` alone, with no ids and no listing.
   */
  definitionQuery?(definitionId: string): QueryBody;
}

/**
 * An activity of the preview: counted by a count request with `filter` and the ids, or from the rows
 * frozen in `groups`. `all`: the query of every object of the definition at the activity, and how many
 * the engine counts there; when they are not many more than the selection, the preview lists them and
 * counts the selected ones (a count with a page of ids costs the engine far more than a row listed).
 */
type ActivityOfKind =
  { activity: string; filter: QueryBody; all?: { body: QueryBody; count: number } | undefined } | { activity: string; groups: readonly string[] };

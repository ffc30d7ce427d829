/**
 * How a selection of many objects is read from the engine before a change (migration, the bulk
 * commands): explicit ids counted in pages, a query's rows counted first and then read in big pages.
 */

/**
 * Ids per existence count: big pages keep a million ids to a few hundred requests. A count is not
 * limited by the engine's queryMaxResultsLimit (only rows asked for are); the instances of a page
 * whose count is short are asked for in pages within that limit.
 */
export const LOOKUP_PAGE = 5000;

/**
 * Ids per query of the bulk commands' lookups by id (their selection of ids given, the preview's
 * counts, the check of every object): one IN list. The engine cuts an id list into IN lists of 1,000
 * joined by OR (Commons.xml applyInForPaginatedSql), and H2 then reads every row for each: on Camunda
 * 7.24 with 50,000 instances a count of 1,000 ids took 0.05-0.12 s, of 2,000 2.8 s, of 5,000 7.5 s
 * (docs/performance.md, "Selecting and checking").
 */
export const IDS_PER_QUERY = 1000;

/**
 * Rows per page of a query's instances once they are counted: 50,000 instances in one page. The
 * engine reads, de-duplicates and sorts every matching row for each page, whatever its firstResult and
 * size (SELECT DISTINCT ... ORDER BY; on Camunda 7.24 with H2 a page of 5,000 at row 0 or at row 45,000
 * cost the same, about a quarter of all 50,000), so each page saved is a scan saved. A page of 50,000
 * peaked at 115-130 MB as bulk work (docs/performance.md).
 */
export const COUNTED_PAGE = 50_000;

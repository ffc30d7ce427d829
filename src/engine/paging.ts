/**
 * Pages through a list endpoint with firstResult/maxResults, one page in memory at a time, until a
 * short page says there is no more.
 */
export async function* allPages<T>(
  fetchPage: (firstResult: number, maxResults: number) => Promise<T[]>,
  pageSize: number,
  first = 0,
): AsyncGenerator<T[]> {
  for (let firstResult = first; ; firstResult += pageSize) {
    const page = await fetchPage(firstResult, pageSize);
    yield page;
    if (page.length < pageSize) return;
  }
}

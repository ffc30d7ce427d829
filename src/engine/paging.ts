/**
 * Pages through a list endpoint with firstResult/maxResults until a short page says there is no
 * more. The next page is asked for as soon as a full page arrives, so the engine works on it while
 * the caller writes the current one; at most two pages are in memory and one request in flight.
 */
export async function* allPages<T>(
  fetchPage: (firstResult: number, maxResults: number) => Promise<T[]>,
  pageSize: number,
  first = 0,
): AsyncGenerator<T[]> {
  let next = fetchPage(first, pageSize);
  for (let firstResult = first; ; firstResult += pageSize) {
    const page = await next;
    if (page.length < pageSize) {
      yield page;
      return;
    }
    next = fetchPage(firstResult + pageSize, pageSize);
    // Its failure surfaces when it is awaited; a caller that stops early never awaits it.
    next.catch(() => {});
    yield page;
  }
}

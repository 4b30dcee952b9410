/** One page of a keyset-paged list, whatever the list calls its rows. */
export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
}

/** Every row of a keyset-paged list, fetching the next page only once the last one has been read. */
export async function* allPages<T>(fetch: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await fetch(cursor);
    yield* page.rows;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

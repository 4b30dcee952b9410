import { Fragment, useCallback, type ReactNode } from 'react';
import { LoadMore } from './load-more.tsx';
import { QueryState, type AskedQuery } from './query-state.tsx';

interface PagedListProps<Item> {
  items: Item[];
  keyOf: (item: Item) => string;
  /** Renders the item's own <li>. */
  renderItem: (item: Item) => ReactNode;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options: { cancelRefetch: boolean }) => Promise<unknown>;
  loadMoreLabel: string;
}

/** The loaded pages of an infinite query as one list, with the next page loading as the reader nears its end. */
export function PagedList<Item>({
  items,
  keyOf,
  renderItem,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  loadMoreLabel,
}: PagedListProps<Item>) {
  // Stable, so the load-more sentinel's observer is not rebuilt on every render; a page on its way is not cancelled.
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  return (
    <>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <Fragment key={keyOf(item)}>{renderItem(item)}</Fragment>
        ))}
      </ul>
      <LoadMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} onLoadMore={loadMore} label={loadMoreLabel} />
    </>
  );
}

/** The parts of an infinite query's result that decide what the reader sees. */
interface PagedQuery extends AskedQuery<unknown> {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options: { cancelRefetch: boolean }) => Promise<unknown>;
}

interface PagedQueryListProps<Item> extends Pick<PagedListProps<Item>, 'items' | 'keyOf' | 'renderItem'> {
  query: PagedQuery;
  texts: { loading: string; loadFailed: string; loadMore: string };
  /** Shown when the loaded list has nothing in it. */
  empty: ReactNode;
}

/** An infinite query's list in each of its states: loading, failed with a retry, empty, or the pages loaded so far. */
export function PagedQueryList<Item>({ query, items, keyOf, renderItem, texts, empty }: PagedQueryListProps<Item>) {
  return (
    <QueryState query={query} loadingLabel={texts.loading} failedMessage={texts.loadFailed} loadingClassName="py-16">
      {() =>
        items.length === 0 ? (
          empty
        ) : (
          <PagedList
            items={items}
            keyOf={keyOf}
            renderItem={renderItem}
            hasNextPage={query.hasNextPage}
            isFetchingNextPage={query.isFetchingNextPage}
            fetchNextPage={query.fetchNextPage}
            loadMoreLabel={texts.loadMore}
          />
        )
      }
    </QueryState>
  );
}

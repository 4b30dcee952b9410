import { Fragment, useCallback, type ReactNode } from 'react';
import { LoadMore } from './load-more.tsx';

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

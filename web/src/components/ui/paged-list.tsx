import { Fragment, type ReactNode } from 'react';
import { LoadMore, type NextPageQuery } from './load-more.tsx';
import { QueryState, type AskedQuery } from './query-state.tsx';

interface PagedListProps<Item> {
  items: Item[];
  keyOf: (item: Item) => string;
  /** Renders the item's own <li>. */
  renderItem: (item: Item) => ReactNode;
  query: NextPageQuery;
  loadMoreLabel: string;
}

/** The loaded pages of an infinite query as one list, with the next page loading as the reader nears its end. */
export function PagedList<Item>({ items, keyOf, renderItem, query, loadMoreLabel }: PagedListProps<Item>) {
  return (
    <>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <Fragment key={keyOf(item)}>{renderItem(item)}</Fragment>
        ))}
      </ul>
      <LoadMore query={query} label={loadMoreLabel} />
    </>
  );
}

/** The parts of an infinite query's result that decide what the reader sees. */
interface PagedQuery extends AskedQuery<unknown>, NextPageQuery {}

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
            query={query}
            loadMoreLabel={texts.loadMore}
          />
        )
      }
    </QueryState>
  );
}

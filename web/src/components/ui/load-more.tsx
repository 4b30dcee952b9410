import { useCallback, useEffect, useRef } from 'react';
import { Button } from './button.tsx';

/** The parts of an infinite query (TanStack's `useInfiniteQuery`) that its next page needs. */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options: { cancelRefetch: boolean }) => Promise<unknown>;
}

interface LoadMoreProps {
  query: NextPageQuery;
  label: string;
}

/**
 * Loads the next page as the reader nears the end of the list; the button stays for whoever
 * would rather ask, and for when scrolling alone does not bring the end into view.
 */
export function LoadMore({ query: { hasNextPage, isFetchingNextPage, fetchNextPage }, label }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  // Stable, so the sentinel's observer is not rebuilt on every render; a page on its way is not cancelled.
  const onLoadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    // Observed afresh after every page, so a page too short to fill the screen still leads to the next.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [hasNextPage, isFetchingNextPage, onLoadMore]);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="flex justify-center py-6">
      <Button variant="secondary" loading={isFetchingNextPage} onClick={onLoadMore}>
        {label}
      </Button>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { Button } from './button.tsx';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Must not cancel a page already on its way (TanStack: cancelRefetch false). */
  onLoadMore: () => void;
  label: string;
}

/**
 * Loads the next page as the reader nears the end of the list; the button stays for whoever
 * would rather ask, and for when scrolling alone does not bring the end into view.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, onLoadMore, label }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);

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

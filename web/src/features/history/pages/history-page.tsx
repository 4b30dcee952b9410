import { TEXT } from '@swapyard/contract';
import { useCallback } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useEntries } from '../api/list-entries.ts';
import { EntryRow } from '../components/entry-row.tsx';
import { HISTORY_TEXT } from '../texts.ts';

const t = HISTORY_TEXT;

export function HistoryPage() {
  const user = useCurrentUser();
  const { data, isPending, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = useEntries();
  // Stable, so the load-more sentinel's observer is not rebuilt on every render.
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const entries = data?.pages.flatMap((page) => page.entries) ?? [];

  let content;
  if (isPending) {
    content = <LoadingState label={t.loading} className="py-16" />;
  } else if (!data) {
    content = <LoadFailed message={t.loadFailed} onRetry={() => void refetch()} />;
  } else if (entries.length === 0) {
    content = <EmptyState title={TEXT.history.empty} />;
  } else {
    content = (
      <>
        <ul className="flex flex-col gap-3">
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ul>
        <LoadMore
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          onLoadMore={loadMore}
          label={t.loadMore}
        />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageHeading>{WEB_TEXT.pages.history}</PageHeading>
        <p className="text-stone-600">{t.currentBalance(user.points)}</p>
      </div>
      {content}
    </div>
  );
}

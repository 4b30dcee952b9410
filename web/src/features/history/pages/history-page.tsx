import { TEXT } from '@swapyard/contract';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
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
      <PagedList
        items={entries}
        keyOf={(entry) => entry.id}
        renderItem={(entry) => <EntryRow entry={entry} />}
        {...{ hasNextPage, isFetchingNextPage, fetchNextPage }}
        loadMoreLabel={t.loadMore}
      />
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

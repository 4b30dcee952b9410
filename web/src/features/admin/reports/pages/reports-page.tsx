import { useState } from 'react';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../../components/ui/load-failed.tsx';
import { PagedList } from '../../../../components/ui/paged-list.tsx';
import { LoadingState } from '../../../../components/ui/spinner.tsx';
import { usePageTitle } from '../../../../lib/document-title.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { useReportQueue } from '../api/list-reports.ts';
import type { ModerationInput } from '../api/use-moderate.ts';
import { ModerationDialog } from '../components/moderation-dialog.tsx';
import { ReportGroupCard } from '../components/report-group-card.tsx';

const t = ADMIN_TEXT.queue;

/** /admin: the open reports, one card per target, each with its actions. */
export function ReportsPage() {
  usePageTitle(t.title);
  const { data, isPending, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = useReportQueue();
  const [acting, setActing] = useState<Omit<ModerationInput, 'reason'> | null>(null);
  const groups = data?.pages.flatMap((page) => page.groups) ?? [];

  let content;
  if (isPending) content = <LoadingState label={t.loading} className="py-16" />;
  else if (!data) content = <LoadFailed message={t.loadFailed} onRetry={() => void refetch()} />;
  else if (groups.length === 0) content = <EmptyState title={t.emptyTitle} body={t.emptyBody} />;
  else {
    content = (
      <PagedList
        items={groups}
        keyOf={(group) => `${group.targetType}:${group.targetId}`}
        renderItem={(group) => (
          <ReportGroupCard
            group={group}
            onAction={(action) => {
              setActing({ action, targetType: group.targetType, targetId: group.targetId });
            }}
          />
        )}
        {...{ hasNextPage, isFetchingNextPage, fetchNextPage }}
        loadMoreLabel={t.loadMore}
      />
    );
  }

  return (
    <section aria-labelledby="reports-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="reports-heading" className="text-lg font-semibold text-stone-900">
          {t.heading}
        </h2>
        <p className="text-sm text-stone-600">{t.intro}</p>
      </div>
      {content}
      <ModerationDialog
        target={acting}
        onClose={() => {
          setActing(null);
        }}
      />
    </section>
  );
}

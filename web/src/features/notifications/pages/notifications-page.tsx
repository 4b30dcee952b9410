import { TEXT } from '@swapyard/contract';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useNotifications } from '../api/list-notifications.ts';
import { useMarkAllRead } from '../api/mark-all-read.ts';
import { NotificationRow } from '../components/notification-row.tsx';
import { NOTIFICATIONS_TEXT } from '../texts.ts';

const t = NOTIFICATIONS_TEXT;

export function NotificationsPage() {
  const { data, isPending, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useNotifications();
  const markAllRead = useMarkAllRead();
  const unreadCount = data?.pages[0]?.unreadCount ?? 0;
  const notifications = data?.pages.flatMap((page) => page.notifications) ?? [];

  let content;
  if (isPending) {
    content = <LoadingState label={t.loading} className="py-16" />;
  } else if (!data) {
    content = <LoadFailed message={t.loadFailed} onRetry={() => void refetch()} />;
  } else if (notifications.length === 0) {
    content = <EmptyState title={TEXT.notifications.emptyTitle} body={TEXT.notifications.emptyBody} />;
  } else {
    content = (
      <PagedList
        items={notifications}
        keyOf={(notification) => notification.id}
        renderItem={(notification) => <NotificationRow notification={notification} />}
        {...{ hasNextPage, isFetchingNextPage, fetchNextPage }}
        loadMoreLabel={t.loadMore}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading>{WEB_TEXT.pages.notifications}</PageHeading>
        <Button
          variant="secondary"
          disabled={unreadCount === 0}
          loading={markAllRead.isPending}
          onClick={() => {
            markAllRead.mutate();
          }}
        >
          {t.markAllRead}
        </Button>
      </div>
      {content}
    </div>
  );
}

import { TEXT } from '@swapyard/contract';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { PagedQueryList } from '../../../components/ui/paged-list.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useNotifications } from '../api/list-notifications.ts';
import { useMarkAllRead } from '../api/mark-all-read.ts';
import { NotificationRow } from '../components/notification-row.tsx';
import { NOTIFICATIONS_TEXT } from '../texts.ts';

const t = NOTIFICATIONS_TEXT;

export function NotificationsPage() {
  const query = useNotifications();
  const markAllRead = useMarkAllRead();
  const unreadCount = query.data?.pages[0]?.unreadCount ?? 0;
  const notifications = query.data?.pages.flatMap((page) => page.notifications) ?? [];

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
      <PagedQueryList
        query={query}
        items={notifications}
        keyOf={(notification) => notification.id}
        renderItem={(notification) => <NotificationRow notification={notification} />}
        texts={t}
        empty={<EmptyState title={TEXT.notifications.emptyTitle} body={TEXT.notifications.emptyBody} />}
      />
    </div>
  );
}

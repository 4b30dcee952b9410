import { useState } from 'react';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { PagedQueryList } from '../../../../components/ui/paged-list.tsx';
import { usePageTitle } from '../../../../lib/document-title.ts';
import { AdminSection } from '../../components/admin-section.tsx';
import { ADMIN_TEXT } from '../../texts.ts';
import { useReportQueue } from '../api/list-reports.ts';
import type { ModerationInput } from '../api/use-moderate.ts';
import { ModerationDialog } from '../components/moderation-dialog.tsx';
import { ReportGroupCard } from '../components/report-group-card.tsx';
import { SwapProblemsQueue } from '../components/swap-problems-queue.tsx';

const t = ADMIN_TEXT.queue;

/** /admin: the open reports, one card per target, each with its actions. */
export function ReportsPage() {
  usePageTitle(t.title);
  const query = useReportQueue();
  const [acting, setActing] = useState<Omit<ModerationInput, 'reason'> | null>(null);
  const groups = query.data?.pages.flatMap((page) => page.groups) ?? [];

  return (
    <div className="flex flex-col gap-10">
      <SwapProblemsQueue />
    <AdminSection headingId="reports-heading" heading={t.heading} intro={t.intro}>
      <PagedQueryList
        query={query}
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
        texts={t}
        empty={<EmptyState title={t.emptyTitle} body={t.emptyBody} />}
      />
      <ModerationDialog
        target={acting}
        onClose={() => {
          setActing(null);
        }}
      />
    </AdminSection>
    </div>
  );
}

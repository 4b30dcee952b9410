import { TEXT } from '@swapyard/contract';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { PagedQueryList } from '../../../components/ui/paged-list.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useEntries } from '../api/list-entries.ts';
import { EntryRow } from '../components/entry-row.tsx';
import { HISTORY_TEXT } from '../texts.ts';

const t = HISTORY_TEXT;

export function HistoryPage() {
  const user = useCurrentUser();
  const query = useEntries();
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageHeading>{WEB_TEXT.pages.history}</PageHeading>
        <p className="text-stone-600">{t.currentBalance({ points: user.points })}</p>
      </div>
      <PagedQueryList
        query={query}
        items={entries}
        keyOf={(entry) => entry.id}
        renderItem={(entry) => <EntryRow entry={entry} />}
        texts={t}
        empty={<EmptyState title={TEXT.history.empty} />}
      />
    </div>
  );
}

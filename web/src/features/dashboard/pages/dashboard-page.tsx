import { DASHBOARD_RECENT_ITEMS, TEXT } from '@swapyard/contract';
import { Coins, MessageCircle, Package } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { firstName, useCurrentUser } from '../../../lib/current-user.ts';
import { useMemberProfile } from '../../../api/member-profile.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { DASHBOARD_TEXT } from '../texts.ts';
import { useRecentConversations } from '../api/get-recent-conversations.ts';
import { useRecentItems } from '../api/get-recent-items.ts';
import { RecentConversation } from '../components/recent-conversation.tsx';
import { RecentItemCard } from '../components/recent-item-card.tsx';
import { StatCard } from '../components/stat-card.tsx';

const t = DASHBOARD_TEXT;

export function DashboardPage() {
  const user = useCurrentUser();
  const { data: profile } = useMemberProfile(user.id);
  const conversations = useRecentConversations();

  return (
    <div className="flex flex-col gap-8">
      <PageHeading title={WEB_TEXT.nav.home}>{WEB_TEXT.pages.welcome({ firstName: firstName(user) })}</PageHeading>
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard to="/marketplace" label={t.availablePoints} value={user.points} icon={Coins} />
        <StatCard to="/profile" label={t.yourItems} value={profile?.itemCount ?? '…'} icon={Package} />
        <StatCard
          to="/messages"
          label={WEB_TEXT.pages.messages}
          value={conversations.data?.unreadConversations ?? '…'}
          icon={MessageCircle}
        />
      </div>
      <RecentListings />
      <RecentMessages />
    </div>
  );
}

function RecentMessages() {
  const query = useRecentConversations();
  useErrorToast(query.error ? errorMessage(query.error, TEXT.conversations.loadFailed) : null);

  return (
    <Section title={t.recentMessages}>
      <QueryState query={query} loadingLabel={t.loadingMessages} failedMessage={TEXT.conversations.loadFailed} loadingClassName="py-8">
        {(data) =>
          data.conversations.length === 0 ? (
            <EmptyState title={t.noMessages} action={<TextLink to="/marketplace">{t.findItems}</TextLink>} className="py-8" />
          ) : (
            <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white p-1">
              {data.conversations.map((conversation) => (
                <RecentConversation key={conversation.id} conversation={conversation} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </Section>
  );
}

function RecentListings() {
  const { data: items, error, refetch } = useRecentItems();
  const failed = error ? errorMessage(error, TEXT.items.loadFailed) : null;
  useErrorToast(failed);

  let content: ReactNode;
  if (items === undefined) {
    content = failed ? (
      <LoadFailed message={failed} onRetry={() => void refetch()} />
    ) : (
      // The cards' room is kept while they load, so the messages below do not jump down when they come.
      <div className="relative">
        <RecentItemPlaceholders />
        <LoadingState label={TEXT.items.loading} className="absolute inset-0" />
      </div>
    );
  } else if (items.length === 0) {
    content = <EmptyState title={TEXT.items.noRecent} className="py-8" />;
  } else {
    content = (
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {items.map((item) => (
          <RecentItemCard key={item.id} item={item} />
        ))}
      </ul>
    );
  }

  return (
    <Section title={t.recentListings} action={<TextLink to="/marketplace">{t.viewAll}</TextLink>}>
      {content}
    </Section>
  );
}

/** Empty cards of RecentItemCard's shape (a photo, a one-line title, the points, the place): a change to the card's layout belongs here too. */
function RecentItemPlaceholders() {
  return (
    <ul aria-hidden="true" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {Array.from({ length: DASHBOARD_RECENT_ITEMS }, (_, index) => (
        <li key={index} className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white">
          <div className="aspect-[4/3] bg-stone-100" />
          <div className="flex flex-col gap-1 p-3">
            <div className="h-5" />
            <div className="h-5" />
            <div className="h-4" />
          </div>
        </li>
      ))}
    </ul>
  );
}

interface SectionProps {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}

function Section({ title, action, children }: SectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold text-stone-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

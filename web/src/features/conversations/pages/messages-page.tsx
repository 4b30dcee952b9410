import { SEARCH_MAX_LENGTH, TEXT } from '@swapyard/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useSettled } from '../../../lib/use-settled.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useConversations } from '../api/get-conversations.ts';
import { ConversationRow } from '../components/conversation-row.tsx';
import { CONVERSATION_TEXT } from '../texts.ts';

export function MessagesPage() {
  const [search, setSearch] = useState('');
  const searchId = useId();
  // The server searches every conversation of the member's, not only the pages loaded here.
  const q = useSettled(search.trim());
  const conversations = useConversations(q);

  return (
    <div className="flex flex-col gap-4">
      <PageHeading>{WEB_TEXT.pages.messages}</PageHeading>
      <label htmlFor={searchId} className="sr-only">
        {CONVERSATION_TEXT.searchLabel}
      </label>
      <input
        id={searchId}
        type="search"
        placeholder={CONVERSATION_TEXT.searchPlaceholder}
        value={search}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => setSearch(event.target.value)}
        className="rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-sm text-stone-900 shadow-sm placeholder:text-stone-500"
      />
      <section className="rounded-2xl border border-stone-200 bg-white p-2">
        <QueryState query={conversations} loadingLabel={CONVERSATION_TEXT.loading} failedMessage={TEXT.conversations.loadFailed} loadingClassName="py-8">
          {(data) => {
            const shown = data.pages.flatMap((page) => page.conversations);
            if (shown.length === 0 && !q) {
              return (
                <EmptyState
                  title={TEXT.conversations.noConversations}
                  action={
                    <Link to="/marketplace" className={buttonClassName('primary')}>
                      {TEXT.conversations.browse}
                    </Link>
                  }
                />
              );
            }
            return (
              <>
                {shown.length === 0 ? (
                  <p className="py-8 text-center text-stone-600">{CONVERSATION_TEXT.noMatches}</p>
                ) : (
                  <ul
                    aria-busy={conversations.isPlaceholderData || undefined}
                    className={`divide-y divide-stone-200 ${conversations.isPlaceholderData ? 'opacity-60' : ''}`}
                  >
                    {shown.map((conversation) => (
                      <ConversationRow key={conversation.id} conversation={conversation} />
                    ))}
                  </ul>
                )}
                <LoadMore query={conversations} label={CONVERSATION_TEXT.moreConversations} />
              </>
            );
          }}
        </QueryState>
      </section>
    </div>
  );
}

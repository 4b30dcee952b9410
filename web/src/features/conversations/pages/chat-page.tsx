import { TEXT } from '@swapyard/contract';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useReport } from '../../../api/report.ts';
import { MemberLink } from '../../../components/member-link.tsx';
import { ReportDialog } from '../../../components/report-dialog.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { memberInitial, memberName, useCurrentUser } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/document-title.ts';
import { usePresenceWatch } from '../../../lib/presence-watch.ts';
import { useQueuedActions } from '../../../lib/offline-queue.ts';
import { useConversation } from '../api/get-conversation.ts';
import { useConversationProposals } from '../api/get-conversation-proposals.ts';
import { useMessages } from '../api/get-messages.ts';
import { randomId } from '../../../lib/random-id.ts';
import { useSendImage } from '../api/send-image.ts';
import { outboxTopic, useSendMessage, waitingMessages } from '../api/send-message.ts';
import { ChatBlockButton } from '../components/chat-block-button.tsx';
import { chatTimeline } from '../components/chat-timeline.ts';
import { ChatInput } from '../components/chat-input.tsx';
import { ContactClosed } from '../components/contact-closed.tsx';
import { MarkChatRead } from '../components/mark-chat-read.tsx';
import { MessageBubble } from '../components/message-bubble.tsx';
import { PresenceLabel } from '../components/presence-label.tsx';
import { ProposalCard } from '../components/proposal-card.tsx';
import { CONVERSATION_TEXT } from '../texts.ts';

export function ChatPage() {
  const { id = '' } = useParams();
  const me = useCurrentUser();
  const conversation = useConversation(id);
  const messages = useMessages(id);
  const proposals = useConversationProposals(id);
  const send = useSendMessage(id);
  const sendImage = useSendImage(id);
  const report = useReport();
  const [reporting, setReporting] = useState<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  usePageTitle(conversation.data && memberName(conversation.data.other));
  usePresenceWatch(conversation.data ? [conversation.data.other.id] : []);

  // Oldest page last in the cache, oldest message first on screen.
  const shown = [...(messages.data?.pages ?? [])].reverse().flatMap((page) => page.messages);
  // Sent offline: shown after the rest until the server's copy (same client id) replaces them.
  const delivered = new Set(shown.map((message) => message.clientId));
  const waiting = waitingMessages(useQueuedActions(outboxTopic(id)), id, me.id).filter(
    (message) => !delivered.has(message.clientId),
  );
  const newest = shown.at(-1);
  const { hasNextPage: olderMessages, fetchNextPage: fetchOlderMessages } = messages;
  const { hasNextPage: olderProposals, fetchNextPage: fetchOlderProposals } = proposals;
  const timeline = chatTimeline({
    messages: shown,
    proposals: proposals.data?.pages.flatMap((page) => page.proposals) ?? [],
    olderMessages,
    olderProposals,
  });
  // The timeline's older part is both lists' next pages, each asked for while it has one. Stable while
  // neither list's end changes, so the load-more sentinel's observer is not rebuilt on every render.
  const fetchOlder = useCallback(
    (options: { cancelRefetch: boolean }) =>
      Promise.all([olderMessages && fetchOlderMessages(options), olderProposals && fetchOlderProposals(options)]),
    [olderMessages, fetchOlderMessages, olderProposals, fetchOlderProposals],
  );

  const newestEntry = timeline.at(-1);
  const newestShown = waiting.at(-1)?.id ?? (newestEntry?.kind === 'proposal' ? newestEntry.proposal.id : newestEntry?.message.id);
  // The chat is drawn once its header can be, whole: a header that grew over the messages would push
  // them down. Offline with no header saved it is drawn without, so saved messages can be read and
  // new ones queued.
  const drawn = !(conversation.isPending && conversation.fetchStatus === 'fetching');
  // Scrolled to the newest also when first drawn: the messages may have come before the header. In
  // the frame about to be painted rather than in React's commit, where laying the chat out made one
  // long task of both on a phone.
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(() => bottom.current?.scrollIntoView({ block: 'end' }));
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [newestShown, drawn]);

  if (conversation.isError) {
    return (
      <LoadFailed titleAs="h1" message={errorMessage(conversation.error, TEXT.conversations.messagesFailed)} onRetry={() => void conversation.refetch()} />
    );
  }

  if (!drawn) return <LoadingState label={CONVERSATION_TEXT.loadingMessages} className="py-8" />;

  const summary = conversation.data;
  return (
    <div className="mx-auto flex h-[calc(100dvh-9rem)] max-w-3xl flex-col overflow-hidden rounded-2xl border border-stone-200 bg-stone-50 md:h-[calc(100dvh-4rem)]">
      {/* On a phone the item takes a line of its own, whatever the name and presence beside it: a presence that changes
          (Online, Last seen ...) would otherwise move it between lines, and the messages with it. */}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-stone-200 bg-white px-3 py-2.5">
        <Link to="/messages" aria-label={CONVERSATION_TEXT.backToMessages} className="rounded-full p-2 hover:bg-stone-100">
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Link>
        {summary && (
          <>
            <Avatar photoUrl={summary.other.photoUrl} initial={memberInitial(summary.other)} />
            <div className="min-w-0 grow">
              <h1 className="truncate font-semibold text-stone-900">
                <MemberLink member={summary.other} className="hover:underline">
                  {memberName(summary.other)}
                </MemberLink>
              </h1>
              <PresenceLabel presence={summary.otherPresence} />
            </div>
            {!summary.other.former && <ChatBlockButton member={summary.other} />}
            {summary.item && (
              <div className="flex min-w-0 basis-full sm:basis-auto">
                <Link
                  to={`/item/${summary.item.id}`}
                  className="max-w-full truncate rounded-full bg-stone-200 px-2.5 py-1 text-xs text-stone-700 hover:bg-stone-300 sm:max-w-64"
                >
                  {CONVERSATION_TEXT.itemTag}: {summary.item.title}
                </Link>
              </div>
            )}
          </>
        )}
      </header>
      <div className="flex-1 overflow-y-auto px-3 py-4" aria-live="polite">
        {proposals.isError && (
          <LoadFailed message={errorMessage(proposals.error, CONVERSATION_TEXT.proposalCard.loadFailed)} onRetry={() => void proposals.refetch()} />
        )}
        {/* The messages are read through the timeline, which interleaves them with the proposals. */}
        <QueryState query={messages} loadingLabel={CONVERSATION_TEXT.loadingMessages} failedMessage={TEXT.conversations.messagesFailed} loadingClassName="py-8">
          {() =>
            timeline.length === 0 && waiting.length === 0 ? (
              <p className="py-12 text-center text-stone-600">{TEXT.conversations.empty}</p>
            ) : (
              <>
                <LoadMore
                  query={{
                    hasNextPage: olderMessages || olderProposals,
                    isFetchingNextPage: messages.isFetchingNextPage || proposals.isFetchingNextPage,
                    fetchNextPage: fetchOlder,
                  }}
                  label={CONVERSATION_TEXT.olderMessages}
                />
                <ul className="flex flex-col gap-2">
                  {timeline.map((entry) =>
                    entry.kind === 'proposal' ? (
                      <ProposalCard key={entry.proposal.id} proposal={entry.proposal} />
                    ) : (
                      <MessageBubble
                        key={entry.message.id}
                        message={entry.message}
                        own={entry.message.senderId === me.id}
                        onReport={entry.message.senderId === me.id ? undefined : setReporting}
                      />
                    ),
                  )}
                  {waiting.map((message) => (
                    <MessageBubble key={message.id} message={message} own waiting />
                  ))}
                </ul>
              </>
            )
          }
        </QueryState>
        <div ref={bottom} />
      </div>
      {summary?.other.former ? (
        <p className="border-t border-stone-200 bg-white px-4 py-3 text-center text-sm text-stone-600">{TEXT.conversations.otherLeft}</p>
      ) : summary?.contactClosed ? (
        <ContactClosed member={summary.other} />
      ) : (
        <ChatInput
          onSend={(text) => send.mutate({ clientId: randomId(), text })}
          onImage={(file) => sendImage.mutate(file)}
          uploadProgress={sendImage.progress}
        />
      )}
      {/* Read on opening, and whatever arrives while it is open, once the server has the chat. */}
      {conversation.isSuccess && (
        <MarkChatRead conversationId={id} newestFromOther={newest && newest.senderId !== me.id ? newest.id : undefined} />
      )}
      <ReportDialog
        open={reporting !== null}
        onClose={() => {
          setReporting(null);
        }}
        targetType="message"
        targetId={reporting ?? ''}
        sender={report}
      />
    </div>
  );
}

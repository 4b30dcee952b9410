import type { ConversationSummary } from '@swapyard/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { memberInitial, memberName } from '../../../lib/current-user.ts';
import { CONVERSATION_TEXT } from '../texts.ts';
import { dateTimeFormat } from '../../../lib/intl.ts';

const dayFormat = () => dateTimeFormat({ month: 'short', day: 'numeric' });

export function ConversationRow({ conversation }: { conversation: ConversationSummary }) {
  const unread = conversation.unreadCount > 0;
  return (
    <li>
      <Link
        to={`/chat/${conversation.id}`}
        className={`flex items-center gap-3 rounded-xl px-3 py-3 hover:bg-stone-100 ${unread ? 'bg-emerald-50' : ''}`}
      >
        <Avatar photoUrl={conversation.other.photoUrl} initial={memberInitial(conversation.other)} className="size-11" />
        <span className="min-w-0 flex-1">
          {/* On a phone the item goes to a line of its own rather than squeezing the member's name. */}
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className={`truncate ${unread ? 'font-bold' : 'font-semibold'} text-stone-900`}>{memberName(conversation.other)}</span>
            {conversation.item && (
              <span className="max-w-full truncate rounded-full bg-stone-200 px-2 py-0.5 text-xs text-stone-700 sm:max-w-40">
                {CONVERSATION_TEXT.itemTag}: {conversation.item.title}
              </span>
            )}
          </span>
          <span className={`block truncate text-sm ${unread ? 'text-stone-900' : 'text-stone-600'}`}>{conversation.lastMessage}</span>
        </span>
        <span className="flex flex-col items-end gap-1">
          <time dateTime={conversation.lastMessageAt} className="text-xs text-stone-500">
            {dayFormat().format(new Date(conversation.lastMessageAt))}
          </time>
          {unread && (
            <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">
              <span aria-hidden="true">{conversation.unreadCount}</span>
              <span className="sr-only">{CONVERSATION_TEXT.unread({ count: conversation.unreadCount })}</span>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

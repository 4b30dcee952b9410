import type { ConversationSummary } from '@swapyard/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { memberInitial, memberName } from '../../../lib/current-user.ts';
import { formatMonthDay } from '../../../lib/format-date.ts';
import { DASHBOARD_TEXT } from '../texts.ts';

export function RecentConversation({ conversation }: { conversation: ConversationSummary }) {
  return (
    <li>
      <Link to={`/chat/${conversation.id}`} className="flex items-center gap-3 rounded-xl px-3 py-2.5 hover:bg-stone-100">
        <Avatar photoUrl={conversation.other.photoUrl} initial={memberInitial(conversation.other)} />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-stone-900">{memberName(conversation.other)}</span>
          <span className="block truncate text-sm text-stone-600">{conversation.lastMessage || DASHBOARD_TEXT.noMessages}</span>
        </span>
        <time dateTime={conversation.lastMessageAt} className="text-xs text-stone-500">
          {formatMonthDay(conversation.lastMessageAt)}
        </time>
      </Link>
    </li>
  );
}

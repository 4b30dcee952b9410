import { TEXT, type ConversationSummary } from '@swapyard/contract';
import { formatTimeAgo, useMinuteClock } from '../../../lib/format-date.ts';
import { CONVERSATION_TEXT } from '../texts.ts';

export function PresenceLabel({ presence }: { presence: ConversationSummary['otherPresence'] }) {
  const now = useMinuteClock();
  if (presence.online) {
    return (
      <span className="inline-flex items-center gap-1.5 text-sm text-emerald-700">
        <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
        {TEXT.conversations.online}
      </span>
    );
  }
  return (
    <span className="text-sm text-stone-600">
      {presence.lastSeenAt
        ? CONVERSATION_TEXT.lastSeen({ when: formatTimeAgo(presence.lastSeenAt, now) })
        : CONVERSATION_TEXT.offline}
    </span>
  );
}

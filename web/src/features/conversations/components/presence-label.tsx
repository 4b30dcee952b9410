import { TEXT, type ConversationSummary } from '@swapyard/contract';
import { CONVERSATION_TEXT } from '../texts.ts';

const lastSeenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function PresenceLabel({ presence }: { presence: ConversationSummary['otherPresence'] }) {
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
        ? CONVERSATION_TEXT.lastSeen(lastSeenFormat.format(new Date(presence.lastSeenAt)))
        : CONVERSATION_TEXT.offline}
    </span>
  );
}

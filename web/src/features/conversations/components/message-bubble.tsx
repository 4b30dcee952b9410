import type { ChatMessage } from '@swapyard/contract';
import { Clock } from 'lucide-react';
import { memo } from 'react';
import { LinkedText } from '../../../components/ui/linked-text.tsx';
import { CONVERSATION_TEXT } from '../texts.ts';
import { MessageMenu } from './message-menu.tsx';
import { dateTimeFormat } from '../../../lib/intl.ts';

const timeFormat = () => dateTimeFormat({ hour: '2-digit', minute: '2-digit' });

interface MessageBubbleProps {
  message: ChatMessage;
  own: boolean;
  /** Sent offline and not yet on the server. */
  waiting?: boolean;
  /** Offered on the other member's messages: opens the report dialog for the message of this id. */
  onReport?: ((messageId: string) => void) | undefined;
}

/**
 * Memoised: whatever else changes on the chat (the partner's presence, a refetch starting and ending)
 * leaves a message as it was, and a long chat would otherwise draw every bubble again each time.
 */
export const MessageBubble = memo(function MessageBubble({ message, own, waiting = false, onReport }: MessageBubbleProps) {
  const time = timeFormat().format(new Date(message.createdAt));
  return (
    <li className={`flex items-start gap-1 ${own ? 'justify-end' : 'justify-start'}`} data-testid="message">
      <div
        className={`max-w-[80%] rounded-2xl px-3.5 py-2 shadow-sm ${
          message.removed
            ? 'border border-dashed border-stone-300 bg-stone-100 text-stone-600'
            : own
              ? 'rounded-br-sm bg-emerald-700 text-white'
              : 'rounded-bl-sm bg-white text-stone-900'
        }`}
      >
        {message.imageUrl && (
          <a href={message.imageUrl} target="_blank" rel="noreferrer" className="mb-1 block">
            <img src={message.imageUrl} alt={CONVERSATION_TEXT.openPhoto} loading="lazy" className="max-h-72 rounded-lg object-contain" />
          </a>
        )}
        {message.removed ? (
          <p className="italic">{message.text}</p>
        ) : (
          message.text && (
            <p className="whitespace-pre-wrap">
              <LinkedText text={message.text} />
            </p>
          )
        )}
        {waiting ? (
          <span className="mt-1 flex items-center justify-end gap-1 text-xs text-emerald-100">
            <Clock aria-hidden="true" className="size-3" />
            {CONVERSATION_TEXT.waiting}
          </span>
        ) : (
          <time
            dateTime={message.createdAt}
            className={`mt-1 block text-right text-xs ${own && !message.removed ? 'text-emerald-100' : 'text-stone-500'}`}
          >
            {time}
          </time>
        )}
      </div>
      {onReport && !message.removed && (
        <MessageMenu
          time={time}
          onReport={() => {
            onReport(message.id);
          }}
        />
      )}
    </li>
  );
});

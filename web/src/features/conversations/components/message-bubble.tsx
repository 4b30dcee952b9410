import type { ChatMessage } from '@swapyard/contract';
import { Clock } from 'lucide-react';
import { LinkedText } from '../../../components/ui/linked-text.tsx';
import { CONVERSATION_TEXT } from '../texts.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

interface MessageBubbleProps {
  message: ChatMessage;
  own: boolean;
  /** Sent offline and not yet on the server. */
  waiting?: boolean;
}

export function MessageBubble({ message, own, waiting = false }: MessageBubbleProps) {
  return (
    <li className={`flex ${own ? 'justify-end' : 'justify-start'}`} data-testid="message">
      <div
        className={`max-w-[80%] rounded-2xl px-3.5 py-2 shadow-sm ${
          own ? 'rounded-br-sm bg-emerald-700 text-white' : 'rounded-bl-sm bg-white text-stone-900'
        }`}
      >
        {message.imageUrl && (
          <a href={message.imageUrl} target="_blank" rel="noreferrer" className="mb-1 block">
            <img src={message.imageUrl} alt={CONVERSATION_TEXT.openPhoto} loading="lazy" className="max-h-72 rounded-lg object-contain" />
          </a>
        )}
        {message.text && (
          <p className="whitespace-pre-wrap">
            <LinkedText text={message.text} />
          </p>
        )}
        {waiting ? (
          <span className="mt-1 flex items-center justify-end gap-1 text-xs text-emerald-100">
            <Clock aria-hidden="true" className="size-3" />
            {CONVERSATION_TEXT.waiting}
          </span>
        ) : (
          <time
            dateTime={message.createdAt}
            className={`mt-1 block text-right text-xs ${own ? 'text-emerald-100' : 'text-stone-500'}`}
          >
            {timeFormat.format(new Date(message.createdAt))}
          </time>
        )}
      </div>
    </li>
  );
}

import type { ChatMessage } from '@swapyard/contract';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function MessageBubble({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <li className={`flex ${own ? 'justify-end' : 'justify-start'}`} data-testid="message">
      <div
        className={`max-w-[80%] rounded-2xl px-3.5 py-2 shadow-sm ${
          own ? 'rounded-br-sm bg-emerald-700 text-white' : 'rounded-bl-sm bg-white text-stone-900'
        }`}
      >
        {message.imageUrl && (
          <a href={message.imageUrl} target="_blank" rel="noreferrer" className="mb-1 block">
            <img src={message.imageUrl} alt="" loading="lazy" className="max-h-72 rounded-lg object-contain" />
          </a>
        )}
        {message.text && <p className="break-words whitespace-pre-wrap">{message.text}</p>}
        <time
          dateTime={message.createdAt}
          className={`mt-1 block text-right text-xs ${own ? 'text-emerald-100' : 'text-stone-500'}`}
        >
          {timeFormat.format(new Date(message.createdAt))}
        </time>
      </div>
    </li>
  );
}

import { WEB_TEXT } from '../../lib/texts.ts';

interface UnreadBadgeProps {
  count: number;
  /** Which count it is, for tests: `unread-messages` or `unread-notifications`. */
  kind: 'messages' | 'notifications';
  /** A pill beside a label, or a dot on the corner of an icon. */
  variant?: 'pill' | 'corner';
}

/** The number shown to the eye; the words ("3 unread") read to a screen reader. */
export function UnreadBadge({ count, kind, variant = 'pill' }: UnreadBadgeProps) {
  if (count <= 0) return null;
  const shape =
    variant === 'pill'
      ? 'ml-auto px-2 py-0.5 text-xs'
      : 'absolute -top-1.5 left-1/2 ml-1.5 min-w-[1.125rem] px-1 text-center whitespace-nowrap text-[10px] leading-[1.125rem] ring-2 ring-white';
  return (
    <span className={`rounded-full bg-emerald-700 font-semibold text-white ${shape}`} data-testid={`unread-${kind}`}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{WEB_TEXT.nav.unread({ count })}</span>
    </span>
  );
}

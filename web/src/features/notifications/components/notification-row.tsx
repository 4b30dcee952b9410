import { NOTIFICATION_PREVIEW_CHARS, type Notification, type NotificationType } from '@swapyard/contract';
import { ArrowLeftRight, Bell, Heart, Info, MessageSquare, Search, Star, type LucideIcon } from 'lucide-react';
import { useId, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useProposalAnswers } from '../../../api/proposal-answers.ts';
import { ProposalAnswerButtons } from '../../../components/proposal-answer-buttons.tsx';
import { useMarkRead } from '../api/mark-read.ts';
import { NOTIFICATIONS_TEXT } from '../texts.ts';

const t = NOTIFICATIONS_TEXT;

const icons: Record<NotificationType, LucideIcon> = {
  message: MessageSquare,
  proposal: ArrowLeftRight,
  rating: Star,
  system: Bell,
  other: Info,
  favourite: Heart,
  saved_search: Search,
};

/** SPEC: cut to 30 characters, then an ellipsis. Counted in code points, so no emoji is split. */
export function preview(text: string): string {
  const chars = Array.from(text);
  return chars.length > NOTIFICATION_PREVIEW_CHARS ? `${chars.slice(0, NOTIFICATION_PREVIEW_CHARS).join('')}...` : text;
}

/** Where opening the notification leads; the others only get marked read. */
function targetOf(notification: Notification): string | null {
  if (notification.type === 'proposal' && notification.proposalId) return `/proposals/${notification.proposalId}`;
  if (notification.type === 'message' && notification.relatedId) return `/chat/${notification.relatedId}`;
  if (notification.type === 'favourite' && notification.relatedId) return `/item/${notification.relatedId}`;
  // Opens the saved search on the marketplace (the page marks it opened).
  if (notification.type === 'saved_search' && notification.relatedId) return `/saved-searches/${notification.relatedId}`;
  // The member's own profile, where ratings received are listed.
  if (notification.type === 'rating') return '/profile';
  return null;
}

export function NotificationRow({ notification }: { notification: Notification }) {
  const markRead = useMarkRead();
  const titleId = useId();
  const Icon = icons[notification.type];
  const target = targetOf(notification);
  const unread = !notification.read;
  const navigate = useNavigate();
  const open = () => {
    if (unread) markRead.mutate(notification.id);
  };
  const clickable = target !== null || unread;

  // The title is the row's control for keyboards and screen readers; a pointer may click anywhere.
  const onRowClick = (event: MouseEvent) => {
    if (!clickable || (event.target as Element).closest('a, button')) return;
    open();
    if (target) void navigate(target);
  };

  let title = <span>{notification.title}</span>;
  if (target) {
    title = (
      <Link to={target} onClick={open} className="hover:text-emerald-800">
        {notification.title}
      </Link>
    );
  } else if (unread) {
    title = (
      <button type="button" onClick={open} className="text-left">
        {notification.title}
      </button>
    );
  }

  return (
    <li
      onClick={onRowClick}
      className={`flex gap-3 rounded-xl border p-4 ${
        unread ? 'border-emerald-200 bg-emerald-50' : 'border-stone-200 bg-white'
      } ${clickable ? 'cursor-pointer hover:border-emerald-300' : ''}`}
    >
      <span
        aria-hidden="true"
        className={`flex size-10 shrink-0 items-center justify-center rounded-full ${
          unread ? 'bg-emerald-600 text-white' : 'bg-stone-100 text-stone-600'
        }`}
      >
        <Icon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={notification.type === 'proposal' ? 'success' : 'neutral'}>{t.types[notification.type]}</Badge>
          {unread && (
            <span className="flex items-center gap-1.5 text-xs font-semibold text-emerald-800">
              <span aria-hidden="true" className="size-2 rounded-full bg-emerald-600" />
              {t.unread}
            </span>
          )}
          <time dateTime={notification.createdAt} className="ml-auto text-xs text-stone-600">
            {formatDateTime(notification.createdAt)}
          </time>
        </div>
        <p id={titleId} className={`text-stone-900 ${unread ? 'font-semibold' : 'font-medium'}`}>
          {title}
        </p>
        <p className="text-sm text-stone-700">{preview(notification.description)}</p>
        {notification.type === 'proposal' && !notification.resolved && notification.proposalId && (
          <AnswerButtons proposalId={notification.proposalId} describedBy={titleId} />
        )}
      </div>
    </li>
  );
}

interface AnswerButtonsProps {
  proposalId: string;
  /** The notification's title, so "Accept" says which proposal to a screen reader. */
  describedBy: string;
}

function AnswerButtons({ proposalId, describedBy }: AnswerButtonsProps) {
  const navigate = useNavigate();
  const answers = useProposalAnswers(proposalId, {
    onAccepted: () => void navigate(`/proposals/${proposalId}`),
  });
  return (
    <div className="mt-2">
      <ProposalAnswerButtons {...answers} describedBy={describedBy} />
    </div>
  );
}

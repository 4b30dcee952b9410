import { TEXT, type ListedItem } from '@swapyard/contract';
import { MapPin } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ItemStatusBadge } from './item-status-badge.tsx';
import { ItemThumb } from './item-thumb.tsx';
import { Badge } from './ui/badge.tsx';
import { formatMonthDayYear } from '../lib/format-date.ts';
import { WEB_TEXT } from '../lib/texts.ts';

interface ItemCardProps {
  item: ListedItem;
  eager: boolean;
  /** Lists that hold listings of every status (Favourites) say which ones are no longer available. */
  showStatus?: boolean;
  /**
   * Over the photo's corner, above the card's link: the Save toggle, given the card title's id
   * so a screen reader says which listing it saves.
   */
  action?: (titleId: string) => ReactNode;
}

/** A listing on the marketplace and on Favourites: the whole card opens it. */
export function ItemCard({ item, eager, showStatus = false, action }: ItemCardProps) {
  const titleId = useId();
  return (
    <li className="relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-emerald-600">
      <ItemThumb image={item.image} eager={eager} />
      {/* Two across on a phone, as marketplace apps are: photo, title, points and place; the rest from sm up. */}
      <div className="flex flex-1 flex-col gap-1 p-2.5 sm:gap-2 sm:p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 id={titleId} className="line-clamp-2 min-w-0 text-sm font-semibold text-stone-900 sm:text-base">
            {/* The link covers the whole card; its name stays the title alone. */}
            <Link to={`/item/${item.id}`} className="outline-none after:absolute after:inset-0">
              {item.title}
            </Link>
          </h2>
          <span className="hidden shrink-0 sm:block">
            <Badge>{TEXT.categories[item.category]}</Badge>
          </span>
        </div>
        {showStatus && item.status !== 'available' && (
          <span>
            <ItemStatusBadge status={item.status} />
          </span>
        )}
        {item.description && <p className="hidden text-sm text-stone-600 sm:line-clamp-2">{item.description}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-1 text-sm sm:pt-2">
          <span className="font-semibold text-emerald-700">{WEB_TEXT.points({ points: item.value })}</span>
          <span className="flex min-w-0 items-center gap-1 text-stone-600">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{item.location}</span>
          </span>
        </div>
        {item.distanceKm !== null && <p className="text-xs text-stone-600">{WEB_TEXT.distanceAway({ km: item.distanceKm })}</p>}
        <time dateTime={item.createdAt} className="hidden text-xs text-stone-600 sm:block">
          {formatMonthDayYear(item.createdAt)}
        </time>
      </div>
      {action && <div className="absolute top-2 right-2 z-10">{action(titleId)}</div>}
    </li>
  );
}

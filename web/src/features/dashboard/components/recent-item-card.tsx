import type { ItemCard } from '@swapyard/contract';
import { Link } from 'react-router';
import { ItemThumb } from '../../../components/item-thumb.tsx';
import { formatMonthDay } from '../../../lib/format-date.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';

export function RecentItemCard({ item }: { item: ItemCard }) {
  return (
    <li className="relative flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-emerald-600">
      <ItemThumb image={item.image} eager />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold text-stone-900">
          <Link to={`/item/${item.id}`} className="outline-none after:absolute after:inset-0">
            {item.title}
          </Link>
        </h3>
        <p className="text-sm font-semibold text-emerald-700">{WEB_TEXT.points({ points: item.value })}</p>
        <div className="mt-auto flex items-center justify-between gap-2 text-xs text-stone-600">
          <span className="truncate">{item.location}</span>
          <time dateTime={item.createdAt} className="shrink-0">
            {formatMonthDay(item.createdAt)}
          </time>
        </div>
      </div>
    </li>
  );
}

import type { ItemCard } from '@swapyard/contract';
import { Link } from 'react-router';
import { ItemStatusBadge } from '../../../components/item-status-badge.tsx';
import { ItemThumb } from '../../../components/item-thumb.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { PROFILES_TEXT } from '../texts.ts';

export function MemberItemCard({ item, eager }: { item: ItemCard; eager: boolean }) {
  return (
    <li className="relative flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-emerald-600">
      <ItemThumb image={item.image} eager={eager} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold text-stone-900">
          <Link to={`/item/${item.id}`} className="outline-none after:absolute after:inset-0">
            {item.title}
          </Link>
        </h3>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm font-semibold text-emerald-700">{WEB_TEXT.points({ points: item.value })}</span>
          <span className="flex flex-wrap gap-1">
            {item.hiddenReason !== null && <Badge tone="warning">{PROFILES_TEXT.hidden}</Badge>}
            <ItemStatusBadge status={item.status} />
          </span>
        </div>
      </div>
    </li>
  );
}

import type { ItemCard } from '@swapyard/contract';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { ItemThumb } from '../../../components/item-thumb.tsx';

/** One side of a swap: picture, title (to the item's page) and its value. */
export function ProposalItem({ item }: { item: ItemCard }) {
  return (
    <div className="flex items-center gap-4">
      <ItemThumb image={item.image} className="size-24 shrink-0 rounded-lg" />
      <div className="min-w-0">
        <TextLink to={`/item/${item.id}`}>
          {item.title}
        </TextLink>
        <p className="text-sm text-stone-600">{WEB_TEXT.points({ points: item.value })}</p>
      </div>
    </div>
  );
}

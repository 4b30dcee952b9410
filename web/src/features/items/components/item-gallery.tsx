import type { ItemDetail } from '@swapyard/contract';
import { TEXT } from '@swapyard/contract';
import { useState } from 'react';
import { ITEMS_TEXT } from '../texts.ts';

interface ItemGalleryProps {
  title: string;
  images: ItemDetail['images'];
}

export function ItemGallery({ title, images }: ItemGalleryProps) {
  const [selected, setSelected] = useState(0);
  // An update may leave fewer images than the one chosen.
  const shown = images[selected] ?? images[0];

  return (
    <div className="flex flex-col gap-3">
      <div className="aspect-[4/3] overflow-hidden rounded-2xl border border-stone-200 bg-stone-100">
        {shown ? (
          <img
            src={shown.url}
            alt={title}
            width={shown.width}
            height={shown.height}
            fetchPriority="high"
            className="size-full object-contain"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-stone-600">{TEXT.items.noImage}</div>
        )}
      </div>
      {images.length > 1 && (
        <ul className="grid grid-cols-4 gap-3">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                aria-label={ITEMS_TEXT.detail.showImage(index + 1)}
                aria-pressed={image === shown}
                onClick={() => {
                  setSelected(index);
                }}
                className={`block aspect-square w-full overflow-hidden rounded-lg border-2 bg-stone-100 ${
                  image === shown ? 'border-emerald-600' : 'border-transparent hover:border-stone-300'
                }`}
              >
                <img src={image.thumbUrl} alt="" loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

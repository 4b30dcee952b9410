import type { ItemDetail } from '@swapyard/contract';
import { TEXT } from '@swapyard/contract';
import { useState } from 'react';
import { ITEMS_TEXT } from '../texts.ts';
import { PhotoViewer } from './photo-viewer.tsx';

interface ItemGalleryProps {
  title: string;
  images: ItemDetail['images'];
}

/** The frame takes the photo's own shape within these bounds, so a tall or wide photo fills it instead of floating in bands. */
const TALLEST = 4 / 5;
const WIDEST = 16 / 9;

export function ItemGallery({ title, images }: ItemGalleryProps) {
  const [selected, setSelected] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  // An update may leave fewer images than the one chosen.
  const shownIndex = images[selected] ? selected : 0;
  const shown = images[shownIndex];
  const aspectRatio = shown ? Math.min(WIDEST, Math.max(TALLEST, shown.width / shown.height)) : 4 / 3;

  return (
    <div className="flex flex-col gap-3 lg:sticky lg:top-8 lg:self-start">
      <div style={{ aspectRatio }} className="overflow-hidden rounded-2xl border border-stone-200 bg-stone-100">
        {shown ? (
          <button
            type="button"
            onClick={() => {
              setViewing(shownIndex);
            }}
            aria-label={ITEMS_TEXT.detail.openImage({ position: shownIndex + 1, count: images.length })}
            className="block size-full cursor-zoom-in"
          >
            <img
              src={shown.url}
              alt={title}
              width={shown.width}
              height={shown.height}
              fetchPriority="high"
              className="size-full object-contain"
            />
          </button>
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
                aria-label={ITEMS_TEXT.detail.showImage({ position: index + 1 })}
                aria-pressed={image === shown}
                onClick={() => {
                  setSelected(index);
                }}
                className={`block aspect-square w-full overflow-hidden rounded-lg border-2 bg-stone-100 ${
                  image === shown ? 'border-emerald-600' : 'border-transparent hover:border-stone-300'
                }`}
              >
                {/* Whole, not cropped: a thumbnail that hides half the picture cannot be told apart. */}
                <img src={image.thumbUrl} alt="" loading="lazy" className="size-full object-contain" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <PhotoViewer
        title={title}
        images={images}
        index={viewing}
        onShow={(index) => {
          setViewing(index);
          setSelected(index);
        }}
        onClose={() => {
          setViewing(null);
        }}
      />
    </div>
  );
}

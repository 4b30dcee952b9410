import { TEXT, type ItemImage } from '@swapyard/contract';

/** A grid's first row of cards (up to three across) holds the page's largest paint; only the rest wait until scrolled near. */
export const EAGER_CARDS = 3;

interface ItemThumbProps {
  image: Pick<ItemImage, 'thumbUrl' | 'width' | 'height'> | null;
  /** Cards near the top are the page's largest paint: fetching them lazily only delays it. */
  eager?: boolean;
  className?: string;
}

/** A listing's picture in a fixed frame, so the card keeps its size before and after it loads. */
export function ItemThumb({ image, eager = false, className = 'aspect-[4/3]' }: ItemThumbProps) {
  return (
    <div className={`overflow-hidden bg-stone-100 ${className}`}>
      {image ? (
        <img
          src={image.thumbUrl}
          alt=""
          width={image.width}
          height={image.height}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-sm text-stone-600">{TEXT.items.noImage}</div>
      )}
    </div>
  );
}

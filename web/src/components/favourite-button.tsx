import { Heart } from 'lucide-react';
import { WEB_TEXT } from '../lib/texts.ts';

const t = WEB_TEXT.favourites;

const looks = {
  card: 'size-10 rounded-full bg-white/90 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600',
  page: 'gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 hover:bg-stone-100',
};

interface FavouriteButtonProps {
  favourited: boolean;
  onToggle: () => void;
  /** On a card, the heart alone over the photo, its name for screen readers only; on the item page, with its word. */
  variant: 'card' | 'page';
  /** The listing's title, so "Save" says which one. */
  describedBy?: string;
}

/** Save / Saved: a real toggle, its pressed state announced, its name saying what pressing did. */
export function FavouriteButton({ favourited, onToggle, variant, describedBy }: FavouriteButtonProps) {
  const label = favourited ? t.saved : t.save;
  return (
    <button
      type="button"
      aria-pressed={favourited}
      aria-describedby={describedBy}
      onClick={onToggle}
      className={`inline-flex items-center justify-center shadow-sm ${looks[variant]}`}
    >
      <Heart aria-hidden="true" className={`size-5 ${favourited ? 'fill-rose-600 text-rose-600' : 'text-stone-700'}`} />
      <span className={variant === 'card' ? 'sr-only' : undefined}>{label}</span>
    </button>
  );
}

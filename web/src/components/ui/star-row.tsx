import { Star } from 'lucide-react';

/** Stars as a picture only: the text beside it says the number for everyone. */
export function StarRow({ filled }: { filled: number }) {
  return (
    <span aria-hidden="true" className="flex">
      {[1, 2, 3, 4, 5].map((value) => (
        <Star key={value} className={`size-5 ${value <= filled ? 'fill-amber-400 text-amber-500' : 'text-stone-400'}`} />
      ))}
    </span>
  );
}

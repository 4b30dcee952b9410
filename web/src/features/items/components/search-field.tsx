import { TEXT } from '@swapyard/contract';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { useDebouncedSearchParam } from '../hooks/use-debounced-search-param.ts';

export function SearchField() {
  const [text, setText] = useDebouncedSearchParam('q');
  const id = useId();
  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {TEXT.items.searchPlaceholder}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500" />
      <input
        id={id}
        type="search"
        placeholder={TEXT.items.searchPlaceholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
        className="w-full rounded-lg border border-stone-300 bg-white py-2.5 pr-3 pl-9 text-sm text-stone-900 shadow-sm placeholder:text-stone-500 hover:border-stone-400"
      />
    </div>
  );
}

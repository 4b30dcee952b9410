import { DISTANCE_RADII_KM, type MarketplaceSort } from '@swapyard/contract';
import { useSearchParams } from 'react-router';
import { Select } from '../../../components/ui/select.tsx';
import { useItems } from '../api/get-items.ts';
import { readFilters } from '../filters.ts';
import { useChoiceInAddress } from '../hooks/use-choice-in-address.ts';
import { ITEMS_TEXT } from '../texts.ts';

const t = ITEMS_TEXT.marketplace;

const SORT_LABELS: Record<MarketplaceSort, string> = { newest: t.newest, nearest: t.nearest };

/**
 * Within, of and Sort (issue 17), kept in the address like the other filters. The place measured
 * from is the one the server answered with: the `near` asked for, else the member's own.
 */
export function DistanceFilters() {
  const [searchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const origin = useItems(filters).data?.pages[0]?.origin;
  const [within, chooseWithin] = useChoiceInAddress('within', filters.within === undefined ? '' : String(filters.within));
  const [sort, chooseSort] = useChoiceInAddress('sort', filters.sort ?? '');
  const placeKnown = Boolean(origin) || filters.near !== undefined;

  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3 lg:col-span-4">
      <Select
        label={t.within}
        value={within}
        hint={placeKnown ? undefined : t.noPlace}
        onChange={(event) => {
          chooseWithin(event.target.value);
        }}
      >
        <option value="">{t.anyDistance}</option>
        {DISTANCE_RADII_KM.map((km) => (
          <option key={km} value={String(km)}>
            {t.kilometres(km)}
          </option>
        ))}
      </Select>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-stone-800">{t.of}</span>
        <p className="py-2 text-stone-700">{origin ? [origin.name, origin.region].filter(Boolean).join(', ') : '—'}</p>
      </div>
      <Select
        label={t.sort}
        value={sort || 'newest'}
        onChange={(event) => {
          // Newest is what no choice means: the address stays as short as a shared link can be.
          chooseSort(event.target.value === 'newest' ? '' : event.target.value);
        }}
      >
        {(['newest', 'nearest'] as const).map((value) => (
          <option key={value} value={value} disabled={value === 'nearest' && !placeKnown}>
            {SORT_LABELS[value]}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** What a distance filter leaves out, said under the results: listings with no place cannot be measured. */
export function UnplacedNote({ count }: { count: number | undefined }) {
  if (!count) return null;
  return <p className="text-sm text-stone-600">{t.unplaced(count)}</p>;
}

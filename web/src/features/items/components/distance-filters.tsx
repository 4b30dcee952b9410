import { DISTANCE_RADII_KM, type MarketplaceSort, type PlaceSummary } from '@swapyard/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PlacePicker } from '../../../components/place-picker.tsx';
import { useChangeSearchParams } from '../../../lib/use-change-search-params.ts';
import { Select } from '../../../components/ui/select.tsx';
import { useItems } from '../api/get-items.ts';
import { readFilters } from '../read-filters.ts';
import { useChoiceInAddress } from '../hooks/use-choice-in-address.ts';
import { ITEMS_TEXT } from '../texts.ts';

const t = ITEMS_TEXT.marketplace;

/** An order's label, read when shown (the language may have changed): the address keeps the order's English name. */
const sortLabel = (sort: MarketplaceSort): string => ({ newest: t.newest, nearest: t.nearest })[sort];

/**
 * Within, of and Sort (issue 17), kept in the address like the other filters. The place measured
 * from is the one the server answered with: the `near` asked for, else the member's own. Only a
 * place chosen changes the search: while the member types, the picker holds their text (null)
 * instead of snapping back to the place still searched.
 */
export function DistanceFilters() {
  const [searchParams] = useSearchParams();
  const changeSearchParams = useChangeSearchParams();
  const filters = readFilters(searchParams);
  const origin = useItems(filters).data?.pages[0]?.origin;
  const [within, chooseWithin] = useChoiceInAddress('within', filters.within === undefined ? '' : String(filters.within));
  const [sort, chooseSort] = useChoiceInAddress('sort', filters.sort ?? '');
  const placeKnown = Boolean(origin) || filters.near !== undefined;
  const [typed, setTyped] = useState<{ near: number | undefined; place: PlaceSummary | null } | null>(null);
  // What the picker shows: the member's own edit or choice while the address names the place it was made for.
  const shown = typed && typed.near === filters.near ? typed.place : (origin ?? null);

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
            {t.kilometres({ km })}
          </option>
        ))}
      </Select>
      <PlacePicker
        label={t.of}
        value={shown}
        onChange={(place) => {
          setTyped({ near: place ? place.id : filters.near, place });
          if (!place) return;
          changeSearchParams((params) => {
            params.set('near', String(place.id));
          });
        }}
      />
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
            {sortLabel(value)}
          </option>
        ))}
      </Select>
    </div>
  );
}

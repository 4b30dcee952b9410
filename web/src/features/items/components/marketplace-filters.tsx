import { CATEGORIES, ITEM_TYPES, ITEM_VALUE_MAX, marketplaceQuery, TEXT, type ItemType } from '@swapyard/contract';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PointsInput } from '../../../components/ui/points-input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useChangeSearchParams } from '../../../lib/use-change-search-params.ts';
import { ITEMS_TEXT } from '../texts.ts';
import { PANEL_FILTERS } from '../filters.ts';
import { readFilters } from '../read-filters.ts';
import { DistanceFilters } from './distance-filters.tsx';
import { useChoiceInAddress } from '../hooks/use-choice-in-address.ts';
import { useDebouncedSearchParam } from '../hooks/use-debounced-search-param.ts';

const t = ITEMS_TEXT.marketplace;

/** A type's label, read when shown (the language may have changed): the address keeps the type's English name. */
const typeLabel = (type: ItemType): string => ({ all: t.typeAll, items: t.typeItems, services: t.typeServices })[type];

/**
 * Why a points bound typed in the panel does not narrow the list as the member expects: a value
 * the marketplace cannot read is dropped, and a maximum under the minimum matches nothing.
 */
function pointsProblems(minValue: string, maxValue: string): { min?: string; max?: string } {
  const min = marketplaceQuery.shape.minValue.safeParse(minValue);
  const max = marketplaceQuery.shape.maxValue.safeParse(maxValue);
  if (!min.success || !max.success) {
    const notApplied = t.pointsNotApplied({ max: ITEM_VALUE_MAX });
    return { min: min.success ? undefined : notApplied, max: max.success ? undefined : notApplied };
  }
  return min.data !== undefined && max.data !== undefined && max.data < min.data ? { max: t.maxBelowMin } : {};
}

export function MarketplaceFilters() {
  const [searchParams] = useSearchParams();
  const changeSearchParams = useChangeSearchParams();
  const filters = readFilters(searchParams);
  const [category, chooseCategory] = useChoiceInAddress('category', filters.category ?? '');
  const [chosenType, chooseType] = useChoiceInAddress('type', filters.type === 'all' ? '' : filters.type);
  const type = chosenType || 'all';
  const [minValue, setMinValue] = useDebouncedSearchParam('minValue');
  const [maxValue, setMaxValue] = useDebouncedSearchParam('maxValue');
  const typeName = useId();
  const problems = pointsProblems(minValue, maxValue);

  const reset = () => {
    changeSearchParams((params) => {
      for (const name of PANEL_FILTERS) params.delete(name);
    });
  };

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:p-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Select
          label={WEB_TEXT.common.category}
          value={category}
          onChange={(event) => {
            chooseCategory(event.target.value);
          }}
        >
          <option value="">{TEXT.items.allCategories}</option>
          {CATEGORIES.map((name) => (
            <option key={name} value={name}>
              {TEXT.categories[name]}
            </option>
          ))}
        </Select>
        {/* Side by side even on a phone: they are read as one range. */}
        <div className="grid grid-cols-2 items-start gap-4 sm:col-span-2">
          <PointsInput
            label={t.minPoints}
            value={minValue}
            error={problems.min}
            onChange={(event) => {
              setMinValue(event.target.value);
            }}
          />
          <PointsInput
            label={t.maxPoints}
            value={maxValue}
            error={problems.max}
            onChange={(event) => {
              setMaxValue(event.target.value);
            }}
          />
        </div>
        <DistanceFilters />
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-stone-800">{t.type}</legend>
          <div className="inline-flex rounded-lg border border-stone-300 bg-stone-100 p-0.5">
            {ITEM_TYPES.map((value) => (
              <label
                key={value}
                className="relative cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium text-stone-700 has-checked:bg-white has-checked:text-emerald-800 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-emerald-600"
              >
                <input
                  type="radio"
                  name={typeName}
                  value={value}
                  checked={type === value}
                  onChange={() => {
                    chooseType(value === 'all' ? '' : value);
                  }}
                  // Transparent over the whole segment, so the radio itself takes the click.
                  className="absolute inset-0 cursor-pointer opacity-0"
                />
                {typeLabel(value)}
              </label>
            ))}
          </div>
        </fieldset>
        <Button variant="ghost" onClick={reset}>
          {TEXT.items.resetFilters}
        </Button>
      </div>
    </div>
  );
}

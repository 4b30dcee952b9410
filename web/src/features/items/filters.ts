import { marketplaceQuery } from '@swapyard/contract';
import type { z } from 'zod';
import type { MarketplaceFilters } from '../../lib/query-keys.ts';

/**
 * The Filters panel's fields, as named in the address; the search box (q) stands outside it.
 * `location` is no filter since places replaced the free text (issue 17): Reset still clears it
 * from an old link, which the page otherwise ignores.
 */
export const PANEL_FILTERS = ['category', 'location', 'minValue', 'maxValue', 'type', 'near', 'within', 'sort'] as const;

const shape = marketplaceQuery.shape;

function read<S extends z.ZodType>(schema: S, raw: string | null): z.output<S> | undefined {
  const parsed = schema.safeParse(raw ?? undefined);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The filters an address asks for. Each is read on its own, so one bad value in a shared link
 * (a word where a number belongs) is dropped instead of emptying the whole page.
 */
export function readFilters(params: URLSearchParams): MarketplaceFilters {
  return {
    q: read(shape.q, params.get('q')),
    category: read(shape.category, params.get('category')),
    minValue: read(shape.minValue, params.get('minValue')),
    maxValue: read(shape.maxValue, params.get('maxValue')),
    type: read(shape.type, params.get('type')) ?? 'all',
    near: read(shape.near, params.get('near')),
    within: read(shape.within, params.get('within')),
    sort: read(shape.sort, params.get('sort')),
  };
}

export function hasPanelFilters(params: URLSearchParams): boolean {
  return PANEL_FILTERS.some((name) => name !== 'location' && params.has(name));
}

/** Whether the filters search by distance, which leaves out listings without a place. */
export function byDistance(filters: MarketplaceFilters): boolean {
  return filters.within !== undefined || filters.sort === 'nearest';
}

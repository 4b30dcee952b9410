import type { MarketplaceFilters } from '../../lib/query-keys.ts';

// Free of zod, as the plain marketplace is drawn without it; reading an address's filters is read-filters.ts.

/**
 * The Filters panel's fields, as named in the address; the search box (q) stands outside it.
 * `location` is no filter since places replaced the free text (issue 17): Reset still clears it
 * from an old link, which the page otherwise ignores.
 */
export const PANEL_FILTERS = ['category', 'location', 'minValue', 'maxValue', 'type', 'near', 'within', 'sort'] as const;

/** What an address without a query asks for, where members land: everything, newest first. */
export const PLAIN_FILTERS: MarketplaceFilters = { type: 'all' };

export function hasPanelFilters(params: URLSearchParams): boolean {
  return PANEL_FILTERS.some((name) => name !== 'location' && params.has(name));
}

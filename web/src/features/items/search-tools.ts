// What the marketplace fetches once it is searched or filtered: reading the address needs the
// contract's schemas (zod), which the plain marketplace, where members land, is drawn without.
export { MarketplaceFilters } from './components/marketplace-filters.tsx';
export { SaveSearchButton } from './components/save-search-button.tsx';
export { readFilters } from './read-filters.ts';

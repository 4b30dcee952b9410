import { useSearchParams } from 'react-router';
import { readFilters } from '../read-filters.ts';
import { MarketplaceResults } from './marketplace-results.tsx';
import { SaveSearchButton } from './save-search-button.tsx';

/** The listings an address with a search or filters asks for, and the offer to save that search. */
export function SearchedResults() {
  const [searchParams] = useSearchParams();
  return (
    <div className="flex flex-col gap-6">
      <SaveSearchButton />
      <MarketplaceResults filters={readFilters(searchParams)} />
    </div>
  );
}

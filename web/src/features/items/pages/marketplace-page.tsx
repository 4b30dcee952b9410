import { TEXT } from '@swapyard/contract';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OnDemand } from '../../../components/on-demand.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { arrivedPart, fetchPart, usePart } from '../../../lib/page-parts.ts';
import type { MarketplaceFilters } from '../../../lib/query-keys.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { ITEMS_TEXT } from '../texts.ts';
import { hasPanelFilters, PLAIN_FILTERS } from '../filters.ts';
import { MarketplaceResults } from '../components/marketplace-results.tsx';
import { SearchField } from '../components/search-field.tsx';
import { loadSearchTools } from '../route-loaders.ts';

const t = ITEMS_TEXT.marketplace;

/** The search tools' code on the member's first sign of searching, so it is there when the address changes. */
function prefetchSearchTools() {
  if (arrivedPart(loadSearchTools)) return;
  fetchPart(loadSearchTools).catch(() => {
    // Told by the results, which ask again once the address is searched.
  });
}

export function MarketplacePage() {
  const [searchParams] = useSearchParams();
  // A shared link with filters opens with them in view.
  const [filtersOpen, setFiltersOpen] = useState(() => hasPanelFilters(searchParams));
  const panelId = useId();

  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{WEB_TEXT.pages.marketplace}</PageHeading>
      <div className="flex flex-col gap-4">
        <div className="flex gap-3" onFocus={prefetchSearchTools}>
          <SearchField />
          <Button
            variant="secondary"
            aria-expanded={filtersOpen}
            aria-controls={filtersOpen ? panelId : undefined}
            onClick={() => {
              setFiltersOpen((open) => !open);
            }}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {t.filters}
          </Button>
        </div>
        {filtersOpen && (
          // The button controls this from its click, while the panel's code may still be on its way.
          <div id={panelId}>
            <OnDemand load={loadSearchTools} loadingLabel={t.loadingFilters} failedMessage={t.filtersLoadFailed}>
              {({ MarketplaceFilters }) => <MarketplaceFilters />}
            </OnDemand>
          </div>
        )}
        {searchParams.size > 0 && <SaveSearch />}
      </div>
      <Results />
    </div>
  );
}

/** Offered once the search tools are there; if they cannot come, the results say so. */
function SaveSearch() {
  const { module } = usePart(loadSearchTools);
  return module ? <module.SaveSearchButton /> : null;
}

/**
 * One list whether the address is searched or not, so the first letter typed keeps the cards until
 * the new ones come (get-items.ts) instead of starting the list afresh. A searched address is read
 * by the search tools' code: until it has come the list shows what it showed, or, on a shared link,
 * that it is loading.
 */
function Results() {
  const [searchParams] = useSearchParams();
  const searched = searchParams.size > 0;
  const tools = usePart(loadSearchTools, searched);
  const read = useMemo(
    () => (searched ? tools.module?.readFilters(searchParams) : PLAIN_FILTERS),
    [searched, tools.module, searchParams],
  );
  const [kept, setKept] = useState<MarketplaceFilters | undefined>(read);
  if (read && read !== kept) setKept(read);
  const filters = read ?? kept;
  useErrorToast(searched && tools.failed ? TEXT.items.loadFailed : null);

  if (filters) return <MarketplaceResults filters={filters} />;
  if (!tools.failed) return <LoadingState label={TEXT.items.loading} className="py-16" />;
  return (
    <LoadFailed
      message={TEXT.items.loadFailed}
      onRetry={() => {
        window.location.reload();
      }}
    />
  );
}

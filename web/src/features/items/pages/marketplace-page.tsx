import { TEXT } from '@swapyard/contract';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OnDemand } from '../../../components/on-demand.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { ITEMS_TEXT } from '../texts.ts';
import { hasPanelFilters, PLAIN_FILTERS } from '../filters.ts';
import { MarketplaceResults } from '../components/marketplace-results.tsx';
import { SearchField } from '../components/search-field.tsx';
import { loadSearchTools } from '../route-loaders.ts';

const t = ITEMS_TEXT.marketplace;

export function MarketplacePage() {
  const [searchParams] = useSearchParams();
  // A shared link with filters opens with them in view.
  const [filtersOpen, setFiltersOpen] = useState(() => hasPanelFilters(searchParams));
  const panelId = useId();

  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{WEB_TEXT.pages.marketplace}</PageHeading>
      <div className="flex flex-col gap-4">
        <div className="flex gap-3">
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
      </div>
      {searchParams.size === 0 ? (
        <MarketplaceResults filters={PLAIN_FILTERS} />
      ) : (
        <OnDemand load={loadSearchTools} loadingLabel={TEXT.items.loading} failedMessage={TEXT.items.loadFailed}>
          {({ SearchedResults }) => <SearchedResults />}
        </OnDemand>
      )}
    </div>
  );
}

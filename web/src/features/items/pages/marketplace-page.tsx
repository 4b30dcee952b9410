import { TEXT, type ListedItem } from '@swapyard/contract';
import { SlidersHorizontal } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFavouriteToggle } from '../../../api/favourite.ts';
import { FavouriteButton } from '../../../components/favourite-button.tsx';
import { ItemCard } from '../../../components/item-card.tsx';
import { EAGER_CARDS } from '../../../components/item-thumb.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useNewListingsWaiting } from '../../../lib/new-listings.ts';
import type { MarketplaceFilters as Filters } from '../../../lib/query-keys.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { ITEMS_TEXT } from '../texts.ts';
import { useItems } from '../api/get-items.ts';
import { hasPanelFilters, readFilters } from '../filters.ts';
import { UnplacedNote } from '../components/distance-filters.tsx';
import { MarketplaceFilters } from '../components/marketplace-filters.tsx';
import { SaveSearchButton } from '../components/save-search-button.tsx';
import { SearchField } from '../components/search-field.tsx';

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
        {filtersOpen && <MarketplaceFilters id={panelId} />}
        <SaveSearchButton />
      </div>
      <MarketplaceResults filters={readFilters(searchParams)} />
    </div>
  );
}

function MarketplaceResults({ filters }: { filters: Filters }) {
  const query = useItems(filters);
  const user = useCurrentUser();
  const toggleFavourite = useFavouriteToggle();
  // No heart on the member's own listings: nobody saves what they list.
  const heartOf = (item: ListedItem) =>
    item.ownerId === user.id
      ? undefined
      : (titleId: string) => (
          <FavouriteButton
            variant="card"
            favourited={item.favourited}
            describedBy={titleId}
            onToggle={() => toggleFavourite.mutate({ itemId: item.id, favourited: !item.favourited })}
          />
        );
  const newListingsWaiting = useNewListingsWaiting();
  const listRef = useRef<HTMLUListElement>(null);
  useErrorToast(query.isError ? errorMessage(query.error, TEXT.items.loadFailed) : null);

  const { fetchNextPage, refetch } = query;
  const loadMore = useCallback(() => {
    void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage]);

  const showNewListings = () => {
    void refetch();
    window.scrollTo({ top: 0, behavior: 'smooth' });
    // The button goes away as the refetch starts; the list is where the reader wanted to be.
    listRef.current?.focus({ preventScroll: true });
  };

  if (query.isPending) return <LoadingState label={TEXT.items.loading} className="py-16" />;
  if (!query.data) {
    return <LoadFailed message={errorMessage(query.error, TEXT.items.loadFailed)} onRetry={() => void refetch()} />;
  }

  const items = query.data.pages.flatMap((page) => page.items);
  return (
    <div className="flex flex-col gap-4">
      {/* No height of its own: the button floats over the first cards instead of pushing them down. */}
      <div role="status" className="sticky top-16 z-20 -mb-4 flex h-0 justify-center md:top-4">
        {newListingsWaiting && (
          <Button onClick={showNewListings} className="rounded-full shadow-lg">
            {t.newListings}
          </Button>
        )}
      </div>
      <UnplacedNote count={query.data.pages[0]?.unplaced} />
      {items.length === 0 ? (
        <EmptyState title={TEXT.items.emptyTitle} body={TEXT.items.emptyBody} />
      ) : (
        <ul
          ref={listRef}
          tabIndex={-1}
          aria-label={WEB_TEXT.pages.marketplace}
          aria-busy={query.isPlaceholderData || undefined}
          className={`grid grid-cols-2 gap-3 outline-none sm:gap-5 lg:grid-cols-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {items.map((item, index) => (
            <ItemCard key={item.id} item={item} eager={index < EAGER_CARDS} action={heartOf(item)} />
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onLoadMore={loadMore}
        label={WEB_TEXT.common.loadMore}
      />
    </div>
  );
}

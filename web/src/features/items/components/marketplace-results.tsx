import { TEXT, type ListedItem } from '@swapyard/contract';
import { useRef } from 'react';
import { useFavouriteToggle } from '../../../api/favourite.ts';
import { FavouriteButton } from '../../../components/favourite-button.tsx';
import { ItemCard } from '../../../components/item-card.tsx';
import { EAGER_CARDS } from '../../../components/item-thumb.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useNewListingsWaiting } from '../../../lib/new-listings.ts';
import type { MarketplaceFilters } from '../../../lib/query-keys.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useItems } from '../api/get-items.ts';
import { ITEMS_TEXT } from '../texts.ts';

const t = ITEMS_TEXT.marketplace;

/** What a distance filter leaves out, said under the results: listings with no place cannot be measured. */
function UnplacedNote({ count }: { count: number | undefined }) {
  if (!count) return null;
  return <p className="text-sm text-stone-600">{t.unplaced({ count })}</p>;
}

export function MarketplaceResults({ filters }: { filters: MarketplaceFilters }) {
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

  const { refetch } = query;

  const showNewListings = () => {
    void refetch();
    window.scrollTo({ top: 0, behavior: 'smooth' });
    // The button goes away as the refetch starts; the list is where the reader wanted to be.
    listRef.current?.focus({ preventScroll: true });
  };

  return (
    <QueryState query={query} loadingLabel={TEXT.items.loading} failedMessage={TEXT.items.loadFailed} loadingClassName="py-16">
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
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
            <UnplacedNote count={data.pages[0]?.unplaced} />
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
            <LoadMore query={query} label={WEB_TEXT.common.loadMore} />
          </div>
        );
      }}
    </QueryState>
  );
}

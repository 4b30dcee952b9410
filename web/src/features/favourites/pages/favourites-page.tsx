import { TEXT } from '@swapyard/contract';
import { Link } from 'react-router';
import { useFavouriteToggle } from '../../../api/favourite.ts';
import { FavouriteButton } from '../../../components/favourite-button.tsx';
import { ItemCard } from '../../../components/item-card.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useFavourites } from '../api/list-favourites.ts';
import { FAVOURITES_TEXT } from '../texts.ts';

const t = FAVOURITES_TEXT;

/** As on the marketplace: the first row of cards is the page's largest paint. */
const EAGER_CARDS = 3;

export function FavouritesPage() {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageHeading>{WEB_TEXT.pages.favourites}</PageHeading>
        <p className="text-sm text-stone-600">{t.intro}</p>
      </div>
      <FavouritesList />
    </div>
  );
}

function FavouritesList() {
  const query = useFavourites();
  const toggleFavourite = useFavouriteToggle();

  return (
    <QueryState query={query} loadingLabel={TEXT.favourites.loading} failedMessage={TEXT.favourites.loadFailed} loadingClassName="py-16">
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
        if (items.length === 0) {
          return (
            <EmptyState
              title={TEXT.favourites.emptyTitle}
              body={TEXT.favourites.emptyBody}
              action={
                <Link to="/marketplace" className={buttonClassName('secondary')}>
                  {WEB_TEXT.nav.marketplace}
                </Link>
              }
            />
          );
        }
        return (
          <div className="flex flex-col gap-4">
            {/* An unsaved card stays until the page is opened again, so a slip of the finger is one tap to undo. */}
            <ul aria-label={WEB_TEXT.pages.favourites} className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3">
              {items.map((item, index) => (
                <ItemCard
                  key={item.id}
                  item={item}
                  eager={index < EAGER_CARDS}
                  showStatus
                  action={(titleId) => (
                    <FavouriteButton
                      variant="card"
                      favourited={item.favourited}
                      describedBy={titleId}
                      onToggle={() => toggleFavourite.mutate({ itemId: item.id, favourited: !item.favourited })}
                    />
                  )}
                />
              ))}
            </ul>
            <LoadMore query={query} label={t.loadMore} />
          </div>
        );
      }}
    </QueryState>
  );
}

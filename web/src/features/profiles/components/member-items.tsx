import { TEXT } from '@swapyard/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { EAGER_CARDS } from '../../../components/item-thumb.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { PROFILES_TEXT } from '../texts.ts';
import { useMemberItems } from '../../../api/member-items.ts';
import { MemberItemCard } from './member-item-card.tsx';

interface MemberItemsProps {
  memberId: string;
  isOwn: boolean;
}

export function MemberItems({ memberId, isOwn }: MemberItemsProps) {
  const headingId = useId();
  const query = useMemberItems(memberId);
  useErrorToast(query.isError ? errorMessage(query.error, PROFILES_TEXT.itemsLoadFailed) : null);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        {PROFILES_TEXT.listedItems}
      </h2>
      <QueryState query={query} loadingLabel={TEXT.items.loading} failedMessage={PROFILES_TEXT.itemsLoadFailed} loadingClassName="py-8">
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          if (items.length === 0) {
            return isOwn ? (
              <EmptyState
                title={TEXT.profile.noItemsOwn}
                action={
                  <Link to="/add-item" className={buttonClassName('primary')}>
                    {TEXT.profile.addFirstItem}
                  </Link>
                }
              />
            ) : (
              <EmptyState title={TEXT.profile.noItemsOther} />
            );
          }
          return (
            <>
              <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {items.map((item, index) => (
                  <MemberItemCard key={item.id} item={item} eager={index < EAGER_CARDS} />
                ))}
              </ul>
              <LoadMore query={query} label={WEB_TEXT.common.loadMore} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

import { TEXT, type ItemDetail } from '@swapyard/contract';
import { MapPin, MessageCircle, Pencil, Repeat } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { MemberLink } from '../../../components/member-link.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { LinkedText } from '../../../components/ui/linked-text.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { ItemStatusBadge } from '../../../components/item-status-badge.tsx';
import { MemberTrust } from '../../../components/member-trust.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { memberInitial, memberName, useCurrentUser } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/document-title.ts';
import { formatMonthDayYear } from '../../../lib/format-date.ts';
import { isNotFound } from '../../../lib/not-found.ts';
import { useOpenConversation } from '../../../api/open-conversation.ts';
import { useFavouriteToggle } from '../../../api/favourite.ts';
import { FavouriteButton } from '../../../components/favourite-button.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { ITEMS_TEXT } from '../texts.ts';
import { useItem } from '../../../api/item.ts';
import { useMemberProfile } from '../../../api/member-profile.ts';
import { useReport } from '../../../api/report.ts';
import { ReportButton } from '../../../components/report-dialog.tsx';
import { DeleteItemButton } from '../components/delete-item-button.tsx';
import { ItemGallery } from '../components/item-gallery.tsx';
import { ItemNotFound } from '../components/item-not-found.tsx';
import { OwnerLatestComments } from '../components/owner-latest-comments.tsx';
import { RestoreListingButton } from '../components/restore-listing-button.tsx';

const t = ITEMS_TEXT.detail;

export function ItemPage() {
  const { id = '' } = useParams();
  const { data: item, error, refetch } = useItem(id);
  const failed = error && !item && !isNotFound(error) ? errorMessage(error, TEXT.items.detailsFailed) : null;
  useErrorToast(failed);

  // Before the cached item: deleted while on screen, it is gone for this reader too.
  if (error && isNotFound(error)) return <ItemNotFound />;
  if (item) return <ItemDetails key={item.id} item={item} />;
  if (failed) return <LoadFailed titleAs="h1" message={failed} onRetry={() => void refetch()} />;
  return <LoadingState label={TEXT.shell.loading} className="py-16" />;
}

function ItemDetails({ item }: { item: ItemDetail }) {
  const user = useCurrentUser();
  const isOwner = item.ownerId === user.id;
  const openConversation = useOpenConversation();
  const report = useReport();
  const toggleFavourite = useFavouriteToggle();
  const hidden = item.hiddenReason !== null;
  // The owner's profile carries their trust block; it is the query the profile page shares, so a visit there is instant.
  const { data: owner } = useMemberProfile(item.owner.id);
  usePageTitle(item.title);

  return (
    <article className="grid gap-8 lg:grid-cols-2">
      <ItemGallery title={item.title} images={item.images} />
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{TEXT.categories[item.category]}</Badge>
            {item.status !== 'available' && <ItemStatusBadge status={item.status} />}
            {hidden && <Badge tone="warning">{ITEMS_TEXT.moderation.hidden}</Badge>}
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">{item.title}</h1>
          <p className="text-xl font-semibold text-emerald-700">{WEB_TEXT.points({ points: item.value })}</p>
          <p className="flex items-center gap-1.5 text-stone-700">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {item.location}
            {item.distanceKm !== null && <span className="text-stone-600">· {WEB_TEXT.distanceAway({ km: item.distanceKm })}</span>}
          </p>
          <p className="text-sm text-stone-600">
            <time dateTime={item.createdAt}>{t.posted({ date: formatMonthDayYear(item.createdAt) })}</time>
          </p>
        </div>

        {hidden && (
          <p className="rounded-lg border-l-4 border-amber-500 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
            {ITEMS_TEXT.moderation.hiddenNote({ reason: item.hiddenReason ?? '' })}
          </p>
        )}

        {item.description && (
          <p className="whitespace-pre-line text-stone-800">
            <LinkedText text={item.description} />
          </p>
        )}

        <div className="flex flex-col gap-2 border-t border-stone-200 pt-5">
          <p className="text-sm font-medium text-stone-600">{t.listedBy}</p>
          <MemberLink
            member={item.owner}
            className="flex w-fit items-center gap-3 rounded-lg font-semibold text-stone-900 hover:text-emerald-800"
          >
            <Avatar photoUrl={item.owner.photoUrl} initial={memberInitial(item.owner)} />
            {memberName(item.owner)}
          </MemberLink>
          {owner && <MemberTrust profile={owner} linkRatings />}
          {owner && owner.ratingCount > 0 && <OwnerLatestComments ownerId={owner.id} />}
        </div>

        <div className="flex flex-wrap gap-3">
          {isOwner ? (
            <OwnerActions item={item} />
          ) : (
            <>
              {item.status === 'available' && !hidden && (
                <Link to={`/propose-exchange/${item.id}`} className={buttonClassName('primary')}>
                  <Repeat aria-hidden="true" className="size-4" />
                  {t.proposeExchange}
                </Link>
              )}
              <FavouriteButton
                variant="page"
                favourited={item.favourited}
                onToggle={() => toggleFavourite.mutate({ itemId: item.id, favourited: !item.favourited })}
              />
              <Button
                variant="secondary"
                loading={openConversation.isPending}
                onClick={() => openConversation.mutate({ otherUserId: item.owner.id, itemId: item.id })}
              >
                <MessageCircle aria-hidden="true" className="size-4" />
                {t.contactOwner}
              </Button>
              {hidden ? (
                user.role !== 'member' && <RestoreListingButton id={item.id} />
              ) : (
                <ReportButton targetType="item" targetId={item.id} sender={report} />
              )}
            </>
          )}
        </div>
      </div>
    </article>
  );
}

function OwnerActions({ item }: { item: ItemDetail }) {
  // A swapped item belongs to a finished swap: the server refuses to change or delete it.
  if (item.status === 'swapped') return null;
  return (
    <>
      <Link to={`/item/${item.id}/edit`} className={buttonClassName('secondary')}>
        <Pencil aria-hidden="true" className="size-4" />
        {t.edit}
      </Link>
      <DeleteItemButton id={item.id} ownerId={item.ownerId} />
    </>
  );
}

import { useRatings } from '../../../api/member-ratings.ts';
import { StarRow } from '../../../components/ui/star-row.tsx';
import { memberName } from '../../../lib/current-user.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { ITEMS_TEXT } from '../texts.ts';

/** Enough to judge by beside a listing; the profile has the rest. */
const SHOWN = 2;

/** What the owner's latest swap partners wrote of them, read from the ratings their profile lists. */
export function OwnerLatestComments({ ownerId }: { ownerId: string }) {
  const { data } = useRatings(ownerId);
  const comments = (data?.pages[0]?.ratings ?? []).filter((rating) => rating.comment).slice(0, SHOWN);
  if (comments.length === 0) return null;
  return (
    <ul aria-label={ITEMS_TEXT.detail.latestComments} className="flex flex-col gap-2">
      {comments.map((rating) => (
        <li key={rating.proposalId} data-testid="owner-comment" className="flex flex-col gap-1 rounded-lg bg-stone-50 px-3 py-2 text-sm">
          <span className="flex items-center gap-2 text-stone-600">
            <StarRow filled={rating.stars} />
            <span className="sr-only">{WEB_TEXT.trust.starsOutOfFive({ stars: rating.stars })}</span>
            {memberName(rating.rater)}
          </span>
          <q className="line-clamp-3 text-stone-800 [overflow-wrap:anywhere]">{rating.comment}</q>
        </li>
      ))}
    </ul>
  );
}

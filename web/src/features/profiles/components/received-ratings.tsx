import type { ReceivedRating } from '@swapyard/contract';
import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { MemberLink } from '../../../components/member-link.tsx';
import { RATINGS_ANCHOR } from '../../../components/member-trust.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { StarRow } from '../../../components/ui/star-row.tsx';
import { memberName } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useRatings } from '../../../api/member-ratings.ts';
import { PROFILES_TEXT } from '../texts.ts';

const t = PROFILES_TEXT;

/** How long the page may still be growing above the ratings (the member's items, their pictures). */
const SETTLE_MS = 5_000;
/** The member taking the page in hand: from then on, where it scrolls is theirs. */
const MEMBER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Linked from an item page: the browser looked for the anchor before the list arrived, so it is
 * brought into view now, and kept there while what loads above it pushes it down, until the
 * member scrolls or a few seconds pass.
 */
function keepInView(element: HTMLElement | null): () => void {
  if (!element) return () => undefined;
  const show = () => element.scrollIntoView();
  const observer = new ResizeObserver(show);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const event of MEMBER_SCROLLS) window.removeEventListener(event, stop);
  };
  const timer = setTimeout(stop, SETTLE_MS);
  for (const event of MEMBER_SCROLLS) window.addEventListener(event, stop, { passive: true });
  observer.observe(document.body);
  show();
  return stop;
}
/** What swap partners said of this member, newest first: the stars, who gave them and their words. */
export function ReceivedRatings({ memberId }: { memberId: string }) {
  const headingId = useId();
  const query = useRatings(memberId);
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const loaded = !query.isPending;
  useEffect(() => {
    if (!loaded || hash !== `#${RATINGS_ANCHOR}`) return;
    return keepInView(section.current);
  }, [loaded, hash]);

  return (
    <section ref={section} id={RATINGS_ANCHOR} aria-labelledby={headingId} className="flex scroll-mt-20 flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        {t.ratings}
      </h2>
      <QueryState query={query} loadingLabel={t.loadingRatings} failedMessage={t.ratingsLoadFailed} loadingClassName="py-8">
        {(data) => {
          const ratings = data.pages.flatMap((page) => page.ratings);
          if (ratings.length === 0) return <EmptyState title={WEB_TEXT.trust.noRatings} />;
          return (
            <PagedList
              items={ratings}
              keyOf={(rating) => rating.proposalId}
              renderItem={(rating) => <RatingRow rating={rating} />}
              query={query}
              loadMoreLabel={WEB_TEXT.common.loadMore}
            />
          );
        }}
      </QueryState>
    </section>
  );
}

function RatingRow({ rating }: { rating: ReceivedRating }) {
  return (
    <li data-testid="received-rating" className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <StarRow filled={rating.stars} />
        <span className="font-medium text-stone-800">{WEB_TEXT.trust.starsOutOfFive({ stars: rating.stars })}</span>
        <MemberLink member={rating.rater} inline>{memberName(rating.rater)}</MemberLink>
        <time dateTime={rating.createdAt} className="text-stone-600">
          {formatDateTime(rating.createdAt)}
        </time>
      </div>
      {rating.comment && <p className="whitespace-pre-line text-stone-700">{rating.comment}</p>}
    </li>
  );
}

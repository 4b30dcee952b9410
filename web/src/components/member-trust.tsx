import type { PublicProfile } from '@swapyard/contract';
import { CalendarDays, Clock, Repeat, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMonthYear } from '../lib/format-date.ts';
import { WEB_TEXT } from '../lib/texts.ts';
import { TextLink } from './ui/text-link.tsx';
import { numberFormat } from '../lib/intl.ts';

const t = WEB_TEXT.trust;

/** The id of the ratings on a profile page, which an item page links to. */
export const RATINGS_ANCHOR = 'ratings';

/** A median in minutes as a person would put it; the exact figure would read as a promise (docs/decisions/015). */
function replyText(minutes: number): string {
  if (minutes < 60) return t.repliesWithinHour;
  if (minutes < 6 * 60) return t.repliesWithinHours;
  if (minutes < 24 * 60) return t.repliesWithinDay;
  return t.repliesInDays;
}

interface MemberTrustProps {
  profile: PublicProfile;
  /** Away from the profile, a rating links to the ratings on it. */
  linkRatings?: boolean;
}

/** Member since, completed swaps, rating and reply time: the same block on a profile and beside an item's owner. */
export function MemberTrust({ profile, linkRatings = false }: MemberTrustProps) {
  const rated = profile.ratingCount > 0;
  const rating = rated ? t.rating({ average: numberFormat({ maximumFractionDigits: 1 }).format(profile.averageRating), count: profile.ratingCount }) : t.noRatings;
  const { completedSwaps, replyMinutes } = profile.trust;
  return (
    <ul data-testid="member-trust" className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-stone-600">
      <Fact icon={<CalendarDays aria-hidden="true" className="size-4 shrink-0" />}>
        {t.memberSince({ monthYear: formatMonthYear(profile.createdAt) })}
      </Fact>
      <Fact icon={<Repeat aria-hidden="true" className="size-4 shrink-0" />}>{t.completedSwaps({ count: completedSwaps })}</Fact>
      <Fact icon={<Star aria-hidden="true" className="size-4 shrink-0 text-amber-500" />}>
        {linkRatings && rated ? <TextLink to={`/profile/${profile.id}#${RATINGS_ANCHOR}`}>{rating}</TextLink> : rating}
      </Fact>
      {replyMinutes !== null && (
        <Fact icon={<Clock aria-hidden="true" className="size-4 shrink-0" />}>{replyText(replyMinutes)}</Fact>
      )}
    </ul>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5">
      {icon}
      {children}
    </li>
  );
}

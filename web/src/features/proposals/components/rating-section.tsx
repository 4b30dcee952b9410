import { RATING_COMMENT_MAX_LENGTH, ratingBody, TEXT, type Proposal } from '@swapyard/contract';
import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { StarRow } from '../../../components/ui/star-row.tsx';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { firstName } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useRateProposal } from '../api/rate-proposal.ts';
import { PROPOSALS_TEXT } from '../texts.ts';

const t = PROPOSALS_TEXT;
const STARS = [1, 2, 3, 4, 5] as const;

/** Once the swap is completed, or 14 days after Accept, each side may rate the other once; until then it says when. */
export function RatingSection({ proposal }: { proposal: Proposal }) {
  const headingId = useId();
  if (proposal.status !== 'accepted') return null;
  const other = proposal.viewerRole === 'sender' ? proposal.receiver : proposal.sender;
  if (!proposal.ratingOpen && proposal.viewerRating === null) {
    // No date while a reported problem waits for a moderator: only the hand-over can open rating then.
    const opensAt = proposal.ratingOpensAt;
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold text-stone-900">
          {t.rate({ firstName: firstName(other) })}
        </h2>
        <p className="text-sm text-stone-700">
          {opensAt ? (
            <RichText
              text={t.ratingOpens({ name: firstName(other), date: formatDateTime(opensAt) })}
              parts={{ time: (date) => <time dateTime={opensAt}>{date}</time> }}
            />
          ) : (
            t.ratingAfterHandover({ name: firstName(other) })
          )}
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        {t.rate({ firstName: firstName(other) })}
      </h2>
      {proposal.viewerRating === null ? (
        <RatingForm proposalId={proposal.id} rateeId={other.id} labelledBy={headingId} />
      ) : (
        <div className="flex flex-col gap-1 text-sm text-stone-700">
          <p className="flex items-center gap-2">
            <StarRow filled={proposal.viewerRating.stars} />
            {t.youRated({ stars: proposal.viewerRating.stars })}
          </p>
          {proposal.viewerRating.comment && (
            <blockquote data-testid="own-rating-comment" className="border-l-2 border-stone-300 pl-3 whitespace-pre-line">
              {proposal.viewerRating.comment}
            </blockquote>
          )}
        </div>
      )}
    </section>
  );
}

interface RatingFormProps {
  proposalId: string;
  rateeId: string;
  labelledBy: string;
}

function RatingForm({ proposalId, rateeId, labelledBy }: RatingFormProps) {
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rate = useRateProposal();
  const name = useId();
  const errorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ratingBody.safeParse({ stars: stars ?? undefined, comment });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? TEXT.proposals.starsInvalid);
      return;
    }
    setError(null);
    rate.mutate(
      { proposalId, rateeId, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(TEXT.proposals.rated);
        },
        onError: (failure) => {
          toast.error(errorMessage(failure, t.rateFailed));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-lg flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <div
          role="radiogroup"
          aria-labelledby={labelledBy}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="flex gap-1"
        >
          {STARS.map((value) => (
            <label
              key={value}
              className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-600"
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={stars === value}
                onChange={() => {
                  setStars(value);
                  setError(null);
                }}
                // Invisible but covering the star, so the star is what a pointer clicks and checks.
                className="absolute inset-0 m-0 size-full cursor-pointer opacity-0"
              />
              <Star aria-hidden="true" className={starClass(stars !== null && value <= stars)} />
              <span className="sr-only">{t.stars({ stars: value })}</span>
            </label>
          ))}
        </div>
        {error && (
          <p id={errorId} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <Textarea
        label={t.comment}
        rows={3}
        maxLength={RATING_COMMENT_MAX_LENGTH}
        value={comment}
        onChange={(event) => {
          setComment(event.target.value);
        }}
      />
      <Button type="submit" loading={rate.isPending} className="self-start">
        {t.submitRating}
      </Button>
    </form>
  );
}

function starClass(filled: boolean): string {
  return `size-8 ${filled ? 'fill-amber-400 text-amber-500' : 'text-stone-500'}`;
}

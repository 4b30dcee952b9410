import type { Proposal, ProposalOffer } from '@swapyard/contract';
import { Card } from '../../../components/ui/card.tsx';
import { memberName } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { offerTerms, PROPOSALS_TEXT } from '../texts.ts';
import { ProposalStatusBadge } from '../../../components/proposal-status-badge.tsx';

const t = PROPOSALS_TEXT;

/** The negotiation so far, newest first: each offer's terms, who made it and how it ended. */
export function OfferThread({ proposal, thread }: { proposal: Proposal; thread: ProposalOffer[] }) {
  const nameOf = (offer: ProposalOffer) =>
    offer.offeredBy === proposal.viewerRole ? t.offeredByYou : t.offeredByOther({ name: memberName(proposal[offer.offeredBy]) });
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{t.thread}</h2>
      <ol className="flex flex-col gap-3" aria-label={t.thread}>
        {thread.map((offer) => (
          <li key={offer.id} className="flex flex-col gap-1 border-l-4 border-stone-200 pl-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-stone-900">{nameOf(offer)}</span>
              <ProposalStatusBadge status={offer.status} />
            </div>
            <p className="text-sm text-emerald-700">
              {t.threadTerms(offerTerms(offer.pointsOffer, offer.offerItem?.title))}
            </p>
            <p className="text-sm whitespace-pre-line text-stone-800">{offer.message}</p>
            <p className="text-xs text-stone-600">
              <time dateTime={offer.createdAt}>{formatDateTime(offer.createdAt)}</time>
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}

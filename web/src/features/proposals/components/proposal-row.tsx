import type { Proposal } from '@swapyard/contract';
import { Link } from 'react-router';
import { ItemThumb } from '../../../components/item-thumb.tsx';
import { memberName } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { offerTerms, PROPOSALS_TEXT } from '../texts.ts';
import { SwapBadge } from '../../../components/swap-badge.tsx';

const t = PROPOSALS_TEXT;

/** The whole card is the link to the proposal; it holds nothing else to click. */
export function ProposalRow({ proposal }: { proposal: Proposal }) {
  const isReceiver = proposal.viewerRole === 'receiver';
  const other = isReceiver ? proposal.sender : proposal.receiver;
  const offer = offerTerms(proposal.pointsOffer, proposal.offerItem?.title);

  return (
    <li>
      <Link
        to={`/proposals/${proposal.id}`}
        className="flex items-center gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:border-emerald-300"
      >
        <ItemThumb image={proposal.item.image} className="size-16 shrink-0 rounded-lg" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold text-stone-900">{proposal.item.title}</span>
            <SwapBadge proposal={proposal} />
          </div>
          <p className="text-sm text-stone-700">
            {isReceiver ? t.from : t.to} {memberName(other)}
          </p>
          {offer.terms !== 'nothing' && <p className="text-sm text-emerald-700">{t.offer(offer)}</p>}
          {proposal.status === 'pending' && (
            <p className="text-sm font-medium text-stone-800">
              {proposal.viewerRole === proposal.offeredBy ? t.waitingFor({ name: memberName(other) }) : t.yourTurn}
            </p>
          )}
          <p className="text-xs text-stone-600">
            <time dateTime={proposal.createdAt}>{formatDateTime(proposal.createdAt)}</time>
          </p>
        </div>
      </Link>
    </li>
  );
}

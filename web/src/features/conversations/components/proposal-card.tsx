import type { Proposal } from '@swapyard/contract';
import { Link } from 'react-router';
import { useProposalCancel } from '../../../api/cancel-proposal.ts';
import { useProposalAnswers } from '../../../api/proposal-answers.ts';
import { ProposalAnswerButtons } from '../../../components/proposal-answer-buttons.tsx';
import { ProposalCancelButton } from '../../../components/proposal-cancel-button.tsx';
import { SwapBadge } from '../../../components/swap-badge.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { memberName } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { joinWithAnd, WEB_TEXT } from '../../../lib/texts.ts';
import { CONVERSATION_TEXT } from '../texts.ts';

const t = CONVERSATION_TEXT.proposalCard;

/** A proposal among the messages: its terms, where it stands, and what the viewer may do with it right here. */
export function ProposalCard({ proposal }: { proposal: Proposal }) {
  const headingId = `proposal-${proposal.id}`;
  const mine = proposal.viewerRole === proposal.offeredBy;
  const terms = [
    ...(proposal.pointsOffer > 0 ? [WEB_TEXT.points({ points: proposal.pointsOffer })] : []),
    ...(proposal.offerItem ? [proposal.offerItem.title] : []),
  ];
  return (
    <li className="flex justify-center" data-testid="proposal-card">
      <article
        aria-labelledby={headingId}
        className="flex w-full max-w-md flex-col gap-2 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="font-semibold text-stone-900">
            {mine ? t.yourOffer : t.offerFrom({ name: memberName(proposal[proposal.offeredBy]) })}
          </h2>
          <SwapBadge proposal={proposal} />
        </div>
        <p className="text-sm text-stone-800">{t.terms({ offer: joinWithAnd(terms), item: proposal.item.title, offerCount: terms.length })}</p>
        <p className="text-sm whitespace-pre-line text-stone-700">{proposal.message}</p>
        <p className="text-xs text-stone-600">
          <time dateTime={proposal.createdAt}>{formatDateTime(proposal.createdAt)}</time>
        </p>
        {proposal.status === 'pending' && (mine ? <CancelAction proposal={proposal} headingId={headingId} /> : <AnswerActions proposal={proposal} headingId={headingId} />)}
        <TextLink to={`/proposals/${proposal.id}`} className="self-start text-sm" aria-describedby={headingId}>
          {t.open}
        </TextLink>
      </article>
    </li>
  );
}

function AnswerActions({ proposal, headingId }: { proposal: Proposal; headingId: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      <ProposalAnswerButtons {...useProposalAnswers(proposal.id)} describedBy={headingId} />
      {/* The counter-offer form, with the member's items to pick from, is the proposal page's: it opens there. */}
      <Link
        to={`/proposals/${proposal.id}?counter`}
        aria-describedby={headingId}
        className={buttonClassName('secondary')}
      >
        {t.counterOffer}
      </Link>
    </div>
  );
}

function CancelAction({ proposal, headingId }: { proposal: Proposal; headingId: string }) {
  return <ProposalCancelButton {...useProposalCancel(proposal)} describedBy={headingId} />;
}

import type { Proposal } from '@swapyard/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useProposalCancel } from '../../../api/cancel-proposal.ts';
import { useProposalAnswers } from '../../../api/proposal-answers.ts';
import { ProposalAnswerButtons } from '../../../components/proposal-answer-buttons.tsx';
import { ProposalCancelButton } from '../../../components/proposal-cancel-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PROPOSALS_TEXT } from '../texts.ts';
import { CounterOfferDialog } from './counter-offer-dialog.tsx';

const t = PROPOSALS_TEXT;

/** What the viewer may do with a pending offer: answer it (made by the other side) or withdraw it (their own). */
export function ProposalActions({ proposal }: { proposal: Proposal }) {
  if (proposal.status !== 'pending') return null;
  return proposal.viewerRole === proposal.offeredBy ? <CancelButton proposal={proposal} /> : <AnswerButtons proposal={proposal} />;
}

function AnswerButtons({ proposal }: { proposal: Proposal }) {
  // A chat's Counter-offer comes here with ?counter: the form with the member's items is this feature's.
  const [params] = useSearchParams();
  const [countering, setCountering] = useState(params.has('counter'));
  return (
    <div className="flex flex-wrap gap-3">
      <ProposalAnswerButtons {...useProposalAnswers(proposal.id)} />
      <Button
        variant="secondary"
        onClick={() => {
          setCountering(true);
        }}
      >
        {t.counterOffer}
      </Button>
      <CounterOfferDialog
        proposal={proposal}
        open={countering}
        onClose={() => {
          setCountering(false);
        }}
      />
    </div>
  );
}

function CancelButton({ proposal }: { proposal: Proposal }) {
  return <ProposalCancelButton {...useProposalCancel(proposal)} />;
}

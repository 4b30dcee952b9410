import { TEXT, type Proposal } from '@swapyard/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useProposalAnswers } from '../../../api/proposal-answers.ts';
import { ProposalAnswerButtons } from '../../../components/proposal-answer-buttons.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCancelProposal } from '../api/cancel-proposal.ts';
import { PROPOSALS_TEXT } from '../texts.ts';
import { CounterOfferDialog } from './counter-offer-dialog.tsx';

const t = PROPOSALS_TEXT;

/** What the viewer may do with a pending offer: answer it (made by the other side) or withdraw it (their own). */
export function ProposalActions({ proposal }: { proposal: Proposal }) {
  if (proposal.status !== 'pending') return null;
  return proposal.viewerRole === proposal.offeredBy ? <CancelButton proposal={proposal} /> : <AnswerButtons proposal={proposal} />;
}

function AnswerButtons({ proposal }: { proposal: Proposal }) {
  const [countering, setCountering] = useState(false);
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
  const id = proposal.id;
  // The first offer is the sender's proposal; after a counter, either side may take back what they offered.
  const label = proposal.counteredFromId ? t.cancelOffer : t.cancelProposal;
  const body = proposal.counteredFromId ? t.cancelOfferBody : t.cancelBody;
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelProposal();
  const close = () => {
    setConfirming(false);
  };

  const onConfirm = () => {
    cancel.mutate(id, {
      onSuccess: () => {
        toast.success(TEXT.proposals.cancelled);
      },
      onError: (error) => {
        toast.error(errorMessage(error, t.cancelFailed));
      },
      onSettled: close,
    });
  };

  return (
    <div className="flex flex-wrap gap-3">
      <Button
        variant="secondary"
        onClick={() => {
          setConfirming(true);
        }}
      >
        {label}
      </Button>
      <Dialog open={confirming} onClose={close} title={t.cancelTitle} description={body}>
        <Button variant="secondary" autoFocus onClick={close}>
          {t.keepProposal}
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={cancel.isPending}>
          {label}
        </Button>
      </Dialog>
    </div>
  );
}

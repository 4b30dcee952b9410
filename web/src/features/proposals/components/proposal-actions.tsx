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

const t = PROPOSALS_TEXT;

/** What the viewer may do with a pending proposal: answer it (receiver) or withdraw it (sender). */
export function ProposalActions({ proposal }: { proposal: Proposal }) {
  if (proposal.status !== 'pending') return null;
  return proposal.viewerRole === 'receiver' ? <AnswerButtons id={proposal.id} /> : <CancelButton id={proposal.id} />;
}

function AnswerButtons({ id }: { id: string }) {
  return <ProposalAnswerButtons {...useProposalAnswers(id)} />;
}

function CancelButton({ id }: { id: string }) {
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
        {t.cancelProposal}
      </Button>
      <Dialog open={confirming} onClose={close} title={t.cancelTitle} description={t.cancelBody}>
        <Button variant="secondary" autoFocus onClick={close}>
          {t.keepProposal}
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={cancel.isPending}>
          {t.cancelProposal}
        </Button>
      </Dialog>
    </div>
  );
}

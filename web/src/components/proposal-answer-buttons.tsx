import type { Proposal } from '@swapyard/contract';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { joinWithAnd, WEB_TEXT } from '../lib/texts.ts';

const t = WEB_TEXT.answers;

export interface ProposalAnswerButtonsProps {
  /** The proposal, once read: the confirmation waits for it to state what moves. */
  proposal: Proposal | undefined;
  confirming: boolean;
  askToAccept: () => void;
  stopConfirming: () => void;
  accept: () => void;
  decline: () => void;
  accepting: boolean;
  declining: boolean;
  /** What the buttons answer, for a screen reader, where the page holds several. */
  describedBy?: string;
}

/** What accepting moves, from the viewer's side: the receiver's item goes for the sender's points and item. */
function whatMoves(proposal: Proposal): string {
  const offer = [
    ...(proposal.pointsOffer > 0 ? [WEB_TEXT.points({ points: proposal.pointsOffer })] : []),
    ...(proposal.offerItem ? [proposal.offerItem.title] : []),
  ];
  // The sender accepts a counter-offer: what they give is the offer, what they receive the item.
  if (proposal.viewerRole === 'sender') return t.confirmSenderBody({ give: joinWithAnd(offer), receive: proposal.item.title, giveCount: offer.length });
  return t.confirmBody({ give: proposal.item.title, receive: joinWithAnd(offer), receiveCount: offer.length });
}

/** Accept moves points and items at once and cannot be undone, so it asks first, saying exactly what moves. */
export function ProposalAnswerButtons(props: ProposalAnswerButtonsProps) {
  const { proposal, confirming, accepting, declining, describedBy } = props;
  const busy = accepting || declining;
  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={props.askToAccept} disabled={busy} aria-describedby={describedBy}>
        {t.accept}
      </Button>
      <Button variant="secondary" onClick={props.decline} loading={declining} disabled={busy} aria-describedby={describedBy}>
        {t.decline}
      </Button>
      <Dialog
        open={confirming}
        onClose={props.stopConfirming}
        title={t.confirmTitle}
        description={proposal ? whatMoves(proposal) : t.confirming}
      >
        <Button variant="secondary" autoFocus onClick={props.stopConfirming}>
          {t.notYet}
        </Button>
        <Button onClick={props.accept} loading={accepting} disabled={!proposal || busy}>
          {t.accept}
        </Button>
      </Dialog>
    </div>
  );
}

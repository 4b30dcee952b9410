import { WEB_TEXT } from '../lib/texts.ts';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';

export interface ProposalCancelButtonProps {
  label: string;
  body: string;
  confirming: boolean;
  askToCancel: () => void;
  stopConfirming: () => void;
  cancel: () => void;
  cancelling: boolean;
  /** What the button cancels, for a screen reader, where the page holds several. */
  describedBy?: string;
}

/** Cancel takes an offer back for good, so it asks first; keeping the offer is the focused answer. */
export function ProposalCancelButton(props: ProposalCancelButtonProps) {
  const { label, body, confirming, cancelling, describedBy } = props;
  return (
    <div className="flex flex-wrap gap-3">
      <Button variant="secondary" onClick={props.askToCancel} aria-describedby={describedBy}>
        {label}
      </Button>
      <Dialog open={confirming} onClose={props.stopConfirming} title={WEB_TEXT.answers.cancelTitle} description={body}>
        <Button variant="secondary" autoFocus onClick={props.stopConfirming}>
          {WEB_TEXT.answers.keepProposal}
        </Button>
        <Button variant="danger" onClick={props.cancel} loading={cancelling}>
          {label}
        </Button>
      </Dialog>
    </div>
  );
}

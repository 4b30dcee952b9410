import { Ban } from 'lucide-react';
import { useState } from 'react';
import { WEB_TEXT } from '../lib/texts.ts';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';

const t = WEB_TEXT.blocks;

interface BlockMemberButtonProps {
  /** The member's name as shown, for the confirmation. */
  name: string;
  /**
   * Whether the signed-in member blocked them. Undefined while that is being asked, and the button's
   * room is kept; null when it cannot be known, and nothing is shown.
   */
  blocked: boolean | null | undefined;
  /** Each action's own progress: the button that gets the focus back after Block must not be disabled by it. */
  blocking: boolean;
  unblocking: boolean;
  /** Resolves true once blocked, false when it failed (the caller has told why). */
  onBlock: () => Promise<boolean>;
  onUnblock: () => void;
  className?: string;
}

/** Block, after a confirmation that says what it does; Unblock at once, as it takes nothing away. */
export function BlockMemberButton({ name, blocked, blocking, unblocking, onBlock, onUnblock, className = '' }: BlockMemberButtonProps) {
  const [confirming, setConfirming] = useState(false);
  if (blocked === null) return null;
  // Not known yet: the button's room is kept, hidden from sight, the keyboard and screen readers, so
  // the buttons beside it and the page below do not move when it comes.
  const unknown = blocked === undefined;
  const close = () => {
    setConfirming(false);
  };
  // One button that changes its word, so the focus the dialog gives back lands on Unblock.
  return (
    <>
      <Button
        variant="secondary"
        className={unknown ? `invisible ${className}` : className}
        disabled={unknown}
        tabIndex={unknown ? -1 : undefined}
        loading={unblocking}
        onClick={() => {
          if (blocked) onUnblock();
          else setConfirming(true);
        }}
      >
        {!blocked && <Ban aria-hidden="true" className="size-4" />}
        {blocked ? t.unblock : t.block}
      </Button>
      <Dialog open={confirming} onClose={close} title={t.confirmTitle({ name })} description={t.confirmBody({ name })}>
        {/* The safe choice has the focus: Enter alone never blocks anyone. */}
        <Button variant="secondary" autoFocus disabled={blocking} onClick={close}>
          {WEB_TEXT.common.cancel}
        </Button>
        <Button
          variant="danger"
          loading={blocking}
          onClick={() => {
            void onBlock().then((done) => {
              if (done) close();
            });
          }}
        >
          {t.block}
        </Button>
      </Dialog>
    </>
  );
}

import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from './button.tsx';

/** What the button hands its dialog: whether it is shown, and how it closes (Cancel, Escape, or done). */
export interface DialogState {
  open: boolean;
  onClose: () => void;
}

interface DialogButtonProps {
  icon: LucideIcon;
  label: string;
  /** The dialog the button opens; it stays mounted, so the native <dialog> gives the focus back to the button. */
  dialog: (state: DialogState) => ReactNode;
}

/** A secondary button that opens its own dialog: Report, Restore, Delete. */
export function DialogButton({ icon: Icon, label, dialog }: DialogButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </Button>
      {dialog({
        open,
        onClose: () => {
          setOpen(false);
        },
      })}
    </>
  );
}

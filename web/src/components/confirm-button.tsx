import type { LucideIcon } from 'lucide-react';
import { WEB_TEXT } from '../lib/texts.ts';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { DialogButton } from './ui/dialog-button.tsx';

interface ConfirmButtonProps {
  icon: LucideIcon;
  /** The button's label, and the dialog's danger button's. */
  label: string;
  title: string;
  description: string;
  pending: boolean;
  /** Given how to close the dialog: it decides when, as a failure toast may close it first. */
  onConfirm: (close: () => void) => Promise<void>;
}

/** A button that asks first, for what cannot be undone (Delete); Cancel has the focus, so Enter destroys nothing. */
export function ConfirmButton({ icon, label, title, description, pending, onConfirm }: ConfirmButtonProps) {
  return (
    <DialogButton
      icon={icon}
      label={label}
      dialog={({ open, onClose }) => (
        <Dialog open={open} onClose={onClose} title={title} description={description}>
          <Button variant="secondary" autoFocus disabled={pending} onClick={onClose}>
            {WEB_TEXT.common.cancel}
          </Button>
          <Button variant="danger" loading={pending} onClick={() => void onConfirm(onClose)}>
            {label}
          </Button>
        </Dialog>
      )}
    />
  );
}

import { MODERATION_REASON_MAX_LENGTH, TEXT } from '@swapyard/contract';
import { useState, type FormEvent } from 'react';
import { WEB_TEXT } from '../lib/texts.ts';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { Textarea } from './ui/textarea.tsx';

interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  /** Destructive actions (hiding, removing, warning) confirm with the danger button. */
  danger?: boolean;
  pending: boolean;
  /** Called with the reason, never an empty one; closes the dialog when it resolves true. */
  onSubmit: (reason: string) => Promise<boolean>;
}

/** A moderator's action confirmed with its reason, which is required and kept in the audit log. */
export function ReasonDialog({ open, onClose, title, description, label, confirmLabel, danger = false, pending, onSubmit }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(TEXT.moderation.reasonRequired);
      return;
    }
    if (await onSubmit(reason)) close();
  };

  return (
    <Dialog open={open} onClose={close} title={title} description={description}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex w-full flex-col gap-5">
        <Textarea
          label={label}
          rows={3}
          required
          maxLength={MODERATION_REASON_MAX_LENGTH}
          error={error}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" disabled={pending} onClick={close}>
            {WEB_TEXT.common.cancel}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

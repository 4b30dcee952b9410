import { useState, type FormEvent } from 'react';
import { WEB_TEXT } from '../lib/texts.ts';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { Input } from './ui/input.tsx';

interface NameDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  label: string;
  /** What the field holds each time the dialog opens. */
  initialName: string;
  maxLength: number;
  /** Shown when the field is left blank. */
  requiredMessage: string;
  confirmLabel: string;
  pending: boolean;
  /** Called with the trimmed name, never an empty one; closes the dialog when it resolves true. */
  onSubmit: (name: string) => Promise<boolean>;
}

/** Names something the member keeps (a saved search): one field, filled in with a suggestion they may change. */
export function NameDialog(props: NameDialogProps) {
  const { open, onClose, title, description } = props;
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      {/* Mounted while open only, so each opening starts from the suggestion. */}
      {open && <NameForm {...props} />}
    </Dialog>
  );
}

function NameForm({ onClose, label, initialName, maxLength, requiredMessage, confirmLabel, pending, onSubmit }: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(requiredMessage);
      return;
    }
    if (await onSubmit(trimmed)) onClose();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex w-full flex-col gap-5">
      <Input
        label={label}
        required
        autoFocus
        maxLength={maxLength}
        error={error}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" disabled={pending} onClick={onClose}>
          {WEB_TEXT.common.cancel}
        </Button>
        <Button type="submit" loading={pending}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}

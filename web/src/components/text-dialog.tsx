import { useState, type FormEvent } from 'react';
import { WEB_TEXT } from '../lib/texts.ts';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { Input } from './ui/input.tsx';
import { Textarea } from './ui/textarea.tsx';

export interface TextDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  label: string;
  /** What the field holds each time the dialog opens. */
  initialText?: string;
  /** A few lines (a moderator's reason) rather than one (a name). */
  multiline?: boolean;
  maxLength: number;
  /** Shown when the field is left blank. */
  requiredMessage: string;
  confirmLabel: string;
  /** Destructive actions (hiding, removing, warning) confirm with the danger button. */
  danger?: boolean;
  pending: boolean;
  /** Called with the trimmed text, never an empty one; closes the dialog when it resolves true. */
  onSubmit: (text: string) => Promise<boolean>;
}

/** An action confirmed with one required text: a name for what the member keeps, a moderator's reason. */
export function TextDialog(props: TextDialogProps) {
  const { open, onClose, title, description } = props;
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      {/* Mounted while open only, so each opening starts from the initial text. */}
      {open && <TextForm {...props} />}
    </Dialog>
  );
}

function TextForm({ onClose, label, initialText = '', multiline = false, maxLength, requiredMessage, confirmLabel, danger = false, pending, onSubmit }: TextDialogProps) {
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(requiredMessage);
      return;
    }
    if (await onSubmit(trimmed)) onClose();
  };

  const field = {
    label,
    required: true,
    maxLength,
    error,
    value: text,
    onChange: (event: { target: { value: string } }) => {
      setText(event.target.value);
      setError(undefined);
    },
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex w-full flex-col gap-5">
      {multiline ? <Textarea {...field} rows={3} /> : <Input {...field} autoFocus />}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" disabled={pending} onClick={onClose}>
          {WEB_TEXT.common.cancel}
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}

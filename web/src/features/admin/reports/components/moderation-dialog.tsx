import { MODERATION_REASON_MAX_LENGTH, TEXT } from '@swapyard/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../../lib/texts.ts';
import { toast } from '../../../../lib/toast.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { useModerate, type ModerationAction, type ModerationInput } from '../api/use-moderate.ts';

const t = ADMIN_TEXT.queue;

const DONE: Record<ModerationAction, string> = {
  dismiss: TEXT.moderation.dismissed,
  hide: TEXT.moderation.hidden,
  remove: TEXT.moderation.removed,
  warn: TEXT.moderation.warned,
};

interface ModerationDialogProps {
  /** The action asked for; null while the dialog is closed. */
  target: Omit<ModerationInput, 'reason'> | null;
  onClose: () => void;
}

/** Every moderator action asks for its reason first: it is kept in the audit log (and told to the member when it concerns them). */
export function ModerationDialog({ target, onClose }: ModerationDialogProps) {
  const moderate = useModerate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const copy = target ? t.dialogs[target.action] : t.dialogs.dismiss;

  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    if (!reason.trim()) {
      setError(TEXT.moderation.reasonRequired);
      return;
    }
    moderate.mutate(
      { ...target, reason },
      {
        onSuccess: () => {
          toast.success(DONE[target.action]);
          close();
        },
        onError: (failure) => toast.error(errorMessage(failure, t.failed)),
      },
    );
  };

  return (
    <Dialog open={target !== null} onClose={close} title={copy.title} description={copy.body}>
      <form noValidate onSubmit={onSubmit} className="flex w-full flex-col gap-5">
        <Textarea
          label={t.reason}
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
          <Button variant="secondary" disabled={moderate.isPending} onClick={close}>
            {WEB_TEXT.common.cancel}
          </Button>
          <Button type="submit" variant={target?.action === 'dismiss' ? 'primary' : 'danger'} loading={moderate.isPending}>
            {target ? t.actions[target.action] : t.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

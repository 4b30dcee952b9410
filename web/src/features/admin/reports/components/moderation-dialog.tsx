import { TEXT } from '@swapyard/contract';
import { ReasonDialog } from '../../../../components/reason-dialog.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toast.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { useModerate, type ModerationAction, type ModerationInput } from '../api/use-moderate.ts';

const t = ADMIN_TEXT.queue;

/** What the toast says once an action is done, read then, in the language shown then. */
function done(action: ModerationAction): string {
  const texts: Record<ModerationAction, string> = {
    dismiss: TEXT.moderation.dismissed,
    hide: TEXT.moderation.hidden,
    remove: TEXT.moderation.removed,
    warn: TEXT.moderation.warned,
  };
  return texts[action];
}

interface ModerationDialogProps {
  /** The action asked for; null while the dialog is closed. */
  target: Omit<ModerationInput, 'reason'> | null;
  onClose: () => void;
}

/** Every queue action asks for its reason first: it is kept in the audit log (and told to the member when it concerns them). */
export function ModerationDialog({ target, onClose }: ModerationDialogProps) {
  const moderate = useModerate();
  const action = target?.action ?? 'dismiss';
  return (
    <ReasonDialog
      open={target !== null}
      onClose={onClose}
      title={t.dialogs[action].title}
      description={t.dialogs[action].body}
      label={t.reason}
      confirmLabel={t.actions[action]}
      danger={action !== 'dismiss'}
      pending={moderate.isPending}
      onSubmit={async (reason) => {
        if (!target) return false;
        try {
          await moderate.mutateAsync({ ...target, reason });
        } catch (failure) {
          toast.error(errorMessage(failure, t.failed));
          return false;
        }
        toast.success(done(target.action));
        return true;
      }}
    />
  );
}

import { TEXT } from '@swapyard/contract';
import { Undo2 } from 'lucide-react';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { DialogButton } from '../../../components/ui/dialog-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useRestoreListing } from '../api/restore-listing.ts';
import { ITEMS_TEXT } from '../texts.ts';

const t = ITEMS_TEXT.moderation;

/** A moderator brings a hidden listing back; like every moderator action it needs a reason, kept in the audit log. */
export function RestoreListingButton({ id }: { id: string }) {
  const restore = useRestoreListing();
  return (
    <DialogButton
      icon={Undo2}
      label={t.restore}
      dialog={(state) => (
        <ReasonDialog
          {...state}
          title={t.restoreTitle}
          description={t.restoreBody}
          label={t.reason}
          confirmLabel={t.restore}
          pending={restore.isPending}
          onSubmit={async (reason) => {
            try {
              await restore.mutateAsync({ id, reason });
            } catch (failure) {
              toast.error(errorMessage(failure, t.restoreFailed));
              return false;
            }
            toast.success(TEXT.moderation.restored);
            return true;
          }}
        />
      )}
    />
  );
}

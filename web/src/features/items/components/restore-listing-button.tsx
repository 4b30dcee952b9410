import { TEXT } from '@swapyard/contract';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useRestoreListing } from '../api/restore-listing.ts';
import { ITEMS_TEXT } from '../texts.ts';

const t = ITEMS_TEXT.moderation;

/** A moderator brings a hidden listing back; like every moderator action it needs a reason, kept in the audit log. */
export function RestoreListingButton({ id }: { id: string }) {
  const restore = useRestoreListing();
  const [open, setOpen] = useState(false);

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        {t.restore}
      </Button>
      <ReasonDialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
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
    </>
  );
}

import { MODERATION_REASON_MAX_LENGTH, TEXT } from '@swapyard/contract';
import { Undo2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { useRestoreListing } from '../api/restore-listing.ts';
import { ITEMS_TEXT } from '../texts.ts';

const t = ITEMS_TEXT.moderation;

/** A moderator brings a hidden listing back; like every moderator action it needs a reason, kept in the audit log. */
export function RestoreListingButton({ id }: { id: string }) {
  const restore = useRestoreListing();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setOpen(false);
    setReason('');
    setError(undefined);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(TEXT.moderation.reasonRequired);
      return;
    }
    restore.mutate(
      { id, reason },
      {
        onSuccess: () => {
          toast.success(TEXT.moderation.restored);
          close();
        },
        onError: (failure) => toast.error(errorMessage(failure, t.restoreFailed)),
      },
    );
  };

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
      <Dialog open={open} onClose={close} title={t.restoreTitle} description={t.restoreBody}>
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
            <Button variant="secondary" disabled={restore.isPending} onClick={close}>
              {WEB_TEXT.common.cancel}
            </Button>
            <Button type="submit" loading={restore.isPending}>
              {t.restore}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

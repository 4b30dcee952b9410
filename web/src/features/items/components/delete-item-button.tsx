import { TEXT } from '@swapyard/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { ITEMS_TEXT } from '../texts.ts';
import { useDeleteItem } from '../api/delete-item.ts';

const t = ITEMS_TEXT.detail;

export function DeleteItemButton({ id, ownerId }: { id: string; ownerId: string }) {
  const navigate = useNavigate();
  const deleteMutation = useDeleteItem();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await deleteMutation.mutateAsync({ id, ownerId });
    } catch (error) {
      setConfirming(false);
      toast.error(errorMessage(error, TEXT.items.deleteFailed));
      return;
    }
    toast.success(TEXT.items.deleted);
    await navigate('/marketplace', { replace: true });
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setConfirming(true);
        }}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t.delete}
      </Button>
      <Dialog
        open={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title={t.deleteTitle}
        description={t.deleteBody}
      >
        <Button
          variant="secondary"
          autoFocus
          disabled={deleteMutation.isPending}
          onClick={() => {
            setConfirming(false);
          }}
        >
          {WEB_TEXT.common.cancel}
        </Button>
        <Button
          variant="danger"
          loading={deleteMutation.isPending}
          onClick={() => void confirm()}
        >
          {t.delete}
        </Button>
      </Dialog>
    </>
  );
}

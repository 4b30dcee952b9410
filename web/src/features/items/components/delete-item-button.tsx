import { TEXT } from '@swapyard/contract';
import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DialogButton } from '../../../components/ui/dialog-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { ITEMS_TEXT } from '../texts.ts';
import { useDeleteItem } from '../api/delete-item.ts';

const t = ITEMS_TEXT.detail;

export function DeleteItemButton({ id, ownerId }: { id: string; ownerId: string }) {
  const navigate = useNavigate();
  const deleteMutation = useDeleteItem();

  const confirm = async (close: () => void) => {
    try {
      await deleteMutation.mutateAsync({ id, ownerId });
    } catch (error) {
      close();
      toast.error(errorMessage(error, TEXT.items.deleteFailed));
      return;
    }
    toast.success(TEXT.items.deleted);
    await navigate('/marketplace', { replace: true });
  };

  return (
    <DialogButton
      icon={Trash2}
      label={t.delete}
      dialog={({ open, onClose }) => (
        <Dialog open={open} onClose={onClose} title={t.deleteTitle} description={t.deleteBody}>
          <Button variant="secondary" autoFocus disabled={deleteMutation.isPending} onClick={onClose}>
            {WEB_TEXT.common.cancel}
          </Button>
          <Button variant="danger" loading={deleteMutation.isPending} onClick={() => void confirm(onClose)}>
            {t.delete}
          </Button>
        </Dialog>
      )}
    />
  );
}

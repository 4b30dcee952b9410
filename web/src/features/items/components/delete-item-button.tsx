import { TEXT } from '@swapyard/contract';
import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
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
    <ConfirmButton
      icon={Trash2}
      label={t.delete}
      title={t.deleteTitle}
      description={t.deleteBody}
      pending={deleteMutation.isPending}
      onConfirm={confirm}
    />
  );
}

import { TEXT, type ItemDetail } from '@swapyard/contract';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { isNotFound } from '../../../lib/not-found.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { toast } from '../../../lib/toast.ts';
import type { UploadOptions } from '../../../lib/upload.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useItem } from '../../../api/item.ts';
import type { ItemSubmission } from '../api/item-form-data.ts';
import { useUpdateItem } from '../api/update-item.ts';
import { ItemForm } from '../components/item-form.tsx';
import { ItemNotFound } from '../components/item-not-found.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';

export function EditItemPage() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const { data: item, error, refetch } = useItem(id);
  // The server would refuse the save anyway; telling now spares the member filling in the form.
  const isForeign = item !== undefined && item.ownerId !== user.id;

  const failed = error && !item && !isNotFound(error) ? errorMessage(error, TEXT.items.detailsFailed) : null;
  useErrorToast(isForeign ? TEXT.items.updateForbidden : failed);

  if (isForeign) return <Navigate to={`/item/${id}`} replace />;
  if (error && isNotFound(error)) return <ItemNotFound />;
  if (item) return <EditItem key={item.id} item={item} />;
  if (failed) return <LoadFailed titleAs="h1" message={failed} onRetry={() => void refetch()} />;
  return <LoadingState label={TEXT.shell.loading} className="py-16" />;
}

function EditItem({ item }: { item: ItemDetail }) {
  const navigate = useNavigate();
  const updateMutation = useUpdateItem();
  const itemPath = `/item/${item.id}`;

  const submit = async (submission: ItemSubmission, options: UploadOptions) => {
    try {
      await updateMutation.mutateAsync({ id: item.id, ...submission, ...options });
    } catch (error) {
      if (options.signal?.aborted) return;
      toast.error(errorMessage(error, TEXT.items.updateFailed));
      if (error instanceof ApiError && error.status === 403) await navigate(itemPath, { replace: true });
      return;
    }
    toast.success(TEXT.items.updated);
    await navigate(itemPath);
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{WEB_TEXT.pages.editItem}</PageHeading>
      <ItemForm item={item} submitLabel={WEB_TEXT.common.saveChanges} cancelTo={itemPath} onSubmit={submit} />
    </div>
  );
}

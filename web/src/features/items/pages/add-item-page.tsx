import { TEXT } from '@swapyard/contract';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { toast } from '../../../lib/toast.ts';
import type { UploadOptions } from '../../../lib/upload.ts';
import { ITEMS_TEXT } from '../texts.ts';
import { useCreateItem } from '../api/create-item.ts';
import type { ItemSubmission } from '../api/item-form-data.ts';
import { ItemForm } from '../components/item-form.tsx';

export function AddItemPage() {
  const navigate = useNavigate();
  const createMutation = useCreateItem();

  const submit = async (submission: ItemSubmission, options: UploadOptions) => {
    try {
      await createMutation.mutateAsync({ ...submission, ...options });
    } catch (error) {
      // Aborted because the member left the page: there is nobody to tell.
      if (!options.signal?.aborted) toast.error(errorMessage(error, TEXT.items.addFailed));
      return;
    }
    toast.success(TEXT.items.added);
    await navigate('/marketplace');
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{WEB_TEXT.pages.addItem}</PageHeading>
      <ItemForm submitLabel={ITEMS_TEXT.form.addSubmit} cancelTo="/marketplace" onSubmit={submit} />
    </div>
  );
}

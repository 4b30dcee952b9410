import { TEXT } from '@swapyard/contract';
import { Camera } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem } from '../../../lib/image-files.ts';
import { toast } from '../../../lib/toast.ts';
import { PROFILES_TEXT } from '../texts.ts';
import { useUpdatePhoto } from '../api/update-photo.ts';

/** Uploads as soon as a photo is chosen: it is saved on its own, not with the form around it. */
export function PhotoInput() {
  const photoMutation = useUpdatePhoto();

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again, after a failure, still counts as a change.
    event.target.value = '';
    if (!file) return;
    const problem = await imageFileProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      await photoMutation.mutateAsync(file);
    } catch (error) {
      toast.error(errorMessage(error, TEXT.profile.updateFailed));
      return;
    }
    toast.success(TEXT.profile.updated);
  };

  return (
    <label
      className={buttonClassName(
        'secondary',
        'w-fit cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-emerald-600 has-disabled:cursor-wait',
      )}
    >
      {photoMutation.isPending ? <Spinner className="size-4" /> : <Camera aria-hidden="true" className="size-4" />}
      {PROFILES_TEXT.changePhoto}
      <input
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        disabled={photoMutation.isPending}
        onChange={(event) => void upload(event)}
        className="sr-only"
      />
    </label>
  );
}

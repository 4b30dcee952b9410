import { zodResolver } from '@hookform/resolvers/zod';
import { DISPLAY_NAME_MAX_LENGTH, BIO_MAX_LENGTH, profileUpdateBody, TEXT, type PlaceSummary, type PublicProfile } from '@swapyard/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PlacePicker, placeLabel } from '../../../components/place-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { PROFILES_TEXT } from '../texts.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { PhotoInput } from './photo-input.tsx';

const t = PROFILES_TEXT;
/** The place is the picker's, outside the form library. */
const textFields = profileUpdateBody.omit({ location: true, placeId: true });

interface ProfileFormProps {
  profile: PublicProfile;
  /** Saved or cancelled: either way the form closes. */
  onClose: () => void;
}

export function ProfileForm({ profile, onClose }: ProfileFormProps) {
  const updateMutation = useUpdateProfile();
  const [place, setPlace] = useState<PlaceSummary | null>(profile.place);
  // Until the picker is used, a location whose text named no town stays as it was.
  const [placeTouched, setPlaceTouched] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(textFields),
    defaultValues: { displayName: profile.displayName, bio: profile.bio },
  });

  const onSubmit = handleSubmit(async (values) => {
    const located =
      place || placeTouched ? { location: place ? placeLabel(place) : '', placeId: place?.id ?? null } : { location: profile.location };
    try {
      await updateMutation.mutateAsync({ ...values, ...located });
    } catch (error) {
      toast.error(errorMessage(error, TEXT.profile.updateFailed));
      return;
    }
    toast.success(TEXT.profile.updated);
    onClose();
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex max-w-2xl flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <PhotoInput />
      <Input
        label={t.displayName}
        autoComplete="name"
        maxLength={DISPLAY_NAME_MAX_LENGTH}
        required
        error={errors.displayName?.message}
        {...register('displayName')}
      />
      <PlacePicker
        label={WEB_TEXT.common.location}
        value={place}
        onChange={(next) => {
          setPlace(next);
          setPlaceTouched(true);
        }}
      />
      <Textarea label={t.bio} maxLength={BIO_MAX_LENGTH} error={errors.bio?.message} {...register('bio')} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={updateMutation.isPending}>
          {WEB_TEXT.common.saveChanges}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {WEB_TEXT.common.cancel}
        </Button>
      </div>
    </form>
  );
}

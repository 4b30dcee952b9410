import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody } from '@swapyard/contract';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import { refusedField } from '../refused-field.ts';
import { SETTINGS_TEXT } from '../texts.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const t = SETTINGS_TEXT.password;
const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

export function PasswordSection() {
  const changeMutation = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordBody), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changeMutation.mutateAsync(values);
    } catch (error) {
      const refused = refusedField(error);
      if (refused?.field === 'currentPassword') setError('currentPassword', { message: refused.message }, { shouldFocus: true });
      else toast.error(errorMessage(error, t.failed));
      return;
    }
    reset(EMPTY);
    toast.success(t.changed);
  });

  return (
    <SectionCard title={t.heading} description={t.description}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <PasswordField
          label={t.currentLabel}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordField
          label={t.newLabel}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label={t.confirmLabel}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" loading={changeMutation.isPending} className="self-start">
          {t.submit}
        </Button>
      </form>
    </SectionCard>
  );
}

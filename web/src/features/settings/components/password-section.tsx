import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody } from '@swapyard/contract';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
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
        <Input
          label={t.currentLabel}
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <Input
          label={t.newLabel}
          type="password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <Input
          label={t.confirmLabel}
          type="password"
          autoComplete="new-password"
          required
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

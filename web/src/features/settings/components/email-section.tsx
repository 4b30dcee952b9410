import { zodResolver } from '@hookform/resolvers/zod';
import { emailChangeBody, EMAIL_MAX_LENGTH } from '@swapyard/contract';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { toast } from '../../../lib/toast.ts';
import { useCancelEmailChange } from '../api/cancel-email-change.ts';
import { useEmailChange } from '../api/get-email-change.ts';
import { useRequestEmailChange } from '../api/request-email-change.ts';
import { refusedField } from '../refused-field.ts';
import { SETTINGS_TEXT } from '../texts.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const t = SETTINGS_TEXT.email;
const EMPTY = { email: '', currentPassword: '' };

export function EmailSection() {
  const user = useCurrentUser();
  const pending = useEmailChange().data?.pending;
  const requestMutation = useRequestEmailChange();
  const cancelMutation = useCancelEmailChange();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailChangeBody), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await requestMutation.mutateAsync(values);
    } catch (error) {
      const refused = refusedField(error);
      if (refused) setError(refused.field, { message: refused.message }, { shouldFocus: true });
      else toast.error(errorMessage(error, t.failed));
      return;
    }
    reset(EMPTY);
    toast.success(t.sent({ email: values.email }));
  });

  const cancel = async () => {
    try {
      await cancelMutation.mutateAsync();
    } catch (error) {
      toast.error(errorMessage(error, t.cancelFailed));
      return;
    }
    toast.success(t.cancelled);
  };

  return (
    <SectionCard title={t.heading} description={t.description}>
      <dl className="flex flex-col gap-0.5 text-sm">
        <dt className="font-medium text-stone-800">{t.currentAddress}</dt>
        <dd className="break-all text-stone-700">{user.email}</dd>
      </dl>
      {pending && (
        <div
          data-testid="pending-email"
          className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex flex-col gap-0.5">
            <p className="font-semibold">{t.pendingTitle}</p>
            <p className="break-all">{t.pendingBody({ email: pending.email })}</p>
          </div>
          <Button variant="secondary" loading={cancelMutation.isPending} onClick={() => void cancel()} className="shrink-0">
            {t.cancel}
          </Button>
        </div>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <Input
          label={t.newLabel}
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={t.currentPasswordLabel}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <Button type="submit" loading={requestMutation.isPending} className="self-start">
          {t.submit}
        </Button>
      </form>
    </SectionCard>
  );
}

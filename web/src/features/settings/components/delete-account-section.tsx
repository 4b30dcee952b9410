import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountBody, PASSWORD_MAX_LENGTH, TEXT } from '@swapyard/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { SETTINGS_TEXT } from '../texts.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const t = SETTINGS_TEXT.deleteAccount;

/** A wrong password (400) or too many tries (429) belongs beside the field; anything else is a toast. */
const answersThePassword = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 429);
/** The community's last admin may not leave it without one (409): said in the dialog, which they read. */
const refusesTheDeletion = (error: unknown) => error instanceof ApiError && error.status === 409;

export function DeleteAccountSection() {
  const navigate = useNavigate();
  const deleteMutation = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(deleteAccountBody), defaultValues: { password: '' } });

  const close = () => {
    setConfirming(false);
    setRefusal(null);
    reset();
  };

  // mutateAsync, not mutate callbacks: the page unmounts as soon as the session is cleared.
  const onSubmit = handleSubmit(async (values) => {
    try {
      await deleteMutation.mutateAsync(values);
    } catch (error) {
      if (answersThePassword(error)) setError('password', { message: errorMessage(error, t.failed) });
      else if (refusesTheDeletion(error)) setRefusal(errorMessage(error, t.failed));
      else toast.error(errorMessage(error, t.failed));
      return;
    }
    toast.success(TEXT.account.deleted);
    await navigate('/login', { replace: true });
  });

  return (
    <SectionCard title={t.heading} description={t.description} danger>
      <div>
        <Button
          variant="danger"
          onClick={() => {
            setConfirming(true);
          }}
        >
          {t.button}
        </Button>
      </div>
      <Dialog open={confirming} onClose={close} title={t.dialogTitle} description={t.dialogBody}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex w-full flex-col gap-5">
          {refusal && <Alert tone="error">{refusal}</Alert>}
          <PasswordField
            label={t.passwordLabel}
            hint={t.passwordHint}
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
            // Typing the password is the next step, and Enter with it is a deliberate confirmation.
            autoFocus
            error={errors.password?.message}
            {...register('password')}
          />
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" disabled={deleteMutation.isPending} onClick={close}>
              {WEB_TEXT.common.cancel}
            </Button>
            <Button type="submit" variant="danger" loading={deleteMutation.isPending}>
              {t.confirm}
            </Button>
          </div>
        </form>
      </Dialog>
    </SectionCard>
  );
}

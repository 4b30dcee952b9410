import { TEXT } from '@swapyard/contract';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthForm } from '../components/auth-form.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';

const t = WEB_TEXT.account;

const resetPasswordResolver = lazyZodResolver(
  async () => (await import('@swapyard/contract/auth')).resetPasswordBody,
);

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const resetMutation = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: resetPasswordResolver.resolver,
    // The token is part of the validated body but not something the member types.
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    let message: string;
    try {
      ({ message } = await resetMutation.mutateAsync(values));
    } catch {
      return; // shown in the banner from the mutation's error
    }
    toast.success(message);
    await navigate('/login', { replace: true });
  });

  const bannerError = resetMutation.isError
    ? errorMessage(resetMutation.error, TEXT.errors.internal)
    : errors.token?.message;

  return (
    <AuthLayout heading={t.resetHeading} footer={<TextLink to="/login">{t.backToSignIn}</TextLink>}>
      {bannerError && <Alert tone="error">{bannerError}</Alert>}
      <AuthForm onSubmit={onSubmit} onFirstFocus={resetPasswordResolver.preload}>
        <PasswordField
          label={t.newPasswordLabel}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label={t.confirmPasswordLabel}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" loading={resetMutation.isPending} className="w-full">
          {t.resetPassword}
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}

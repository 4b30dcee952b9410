import { TEXT } from '@swapyard/contract';
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
import { lazySchema, useSchemaForm } from '../../../lib/schema-form.ts';

const t = WEB_TEXT.account;

const resetPasswordSchema = lazySchema(async () => (await import('@swapyard/contract/auth')).resetPasswordBody);

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const resetMutation = useResetPassword();
  const { errors, formProps } = useSchemaForm(
    resetPasswordSchema,
    async (values) => {
      let message: string;
      try {
        ({ message } = await resetMutation.mutateAsync(values));
      } catch {
        return; // shown in the banner from the mutation's error
      }
      toast.success(message);
      await navigate('/login', { replace: true });
    },
    // The token is part of the validated body but not something the member types.
    { token },
  );

  const bannerError = resetMutation.isError
    ? errorMessage(resetMutation.error, TEXT.errors.internal)
    : errors.token;

  return (
    <AuthLayout heading={t.resetHeading} footer={<TextLink to="/login">{t.backToSignIn}</TextLink>}>
      {bannerError && <Alert tone="error">{bannerError}</Alert>}
      <AuthForm formProps={formProps}>
        <PasswordField
          label={t.newPasswordLabel}
          autoComplete="new-password"
          name="password"
          error={errors.password}
        />
        <PasswordField
          label={t.confirmPasswordLabel}
          autoComplete="new-password"
          name="confirmPassword"
          error={errors.confirmPassword}
        />
        <Button type="submit" loading={resetMutation.isPending} className="w-full">
          {t.resetPassword}
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}

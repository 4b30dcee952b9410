import { TEXT } from '@swapyard/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthForm } from '../components/auth-form.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { lazySchema, useSchemaForm } from '../../../lib/schema-form.ts';

const t = WEB_TEXT.account;

const forgotPasswordSchema = lazySchema(async () => (await import('@swapyard/contract/auth')).forgotPasswordBody);

export function ForgotPasswordPage() {
  const forgotMutation = useForgotPassword();
  const { errors, formProps } = useSchemaForm(forgotPasswordSchema, (values) => {
    forgotMutation.mutate(values);
  });

  return (
    <AuthLayout heading={t.forgotHeading} footer={<TextLink to="/login">{t.backToSignIn}</TextLink>}>
      {forgotMutation.isSuccess && <Alert tone="success">{forgotMutation.data.message}</Alert>}
      {forgotMutation.isError && (
        <Alert tone="error">{errorMessage(forgotMutation.error, TEXT.errors.internal)}</Alert>
      )}
      <p className="text-sm text-stone-600">{t.forgotIntro}</p>
      <AuthForm formProps={formProps}>
        <Input
          label={t.emailAddressLabel}
          type="email"
          autoComplete="email"
          required
          name="email"
          error={errors.email}
        />
        <Button type="submit" loading={forgotMutation.isPending} className="w-full">
          {t.sendResetLink}
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}

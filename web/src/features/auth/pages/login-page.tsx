import { TEXT } from '@swapyard/contract';
import { useNavigate } from 'react-router';
import { useCommunity } from '../../../api/community.ts';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { lazySchema, useSchemaForm } from '../../../lib/schema-form.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useLogin } from '../api/login.ts';
import { AuthForm } from '../components/auth-form.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';

const t = WEB_TEXT.account;

const loginSchema = lazySchema(async () => (await import('@swapyard/contract/auth')).loginBody);

export function LoginPage() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const community = useCommunity();
  const { errors, formProps } = useSchemaForm(loginSchema, async (values) => {
    try {
      await loginMutation.mutateAsync(values);
    } catch {
      return; // shown in the banner from the mutation's error
    }
    toast.success(TEXT.account.loggedIn);
    await navigate('/', { replace: true });
  });

  return (
    <AuthLayout
      heading={t.loginHeading}
      tagline={community?.description || TEXT.account.loginTagline}
      footer={
        <>
          {t.noAccount} <TextLink to="/register">{t.signUp}</TextLink>
        </>
      }
    >
      {loginMutation.isError && (
        <Alert tone="error">{errorMessage(loginMutation.error, TEXT.account.loginBannerFallback)}</Alert>
      )}
      <AuthForm formProps={formProps}>
        <Input
          label={t.emailLabel}
          type="email"
          autoComplete="email"
          required
          name="email"
          error={errors.email}
        />
        <PasswordField
          label={t.passwordLabel}
          autoComplete="current-password"
          name="password"
          error={errors.password}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox label={t.rememberMe} name="remember" />
          <TextLink to="/forgot-password" className="text-sm">
            {t.forgotPassword}
          </TextLink>
        </div>
        <Button type="submit" loading={loginMutation.isPending} className="w-full">
          {t.signIn}
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}

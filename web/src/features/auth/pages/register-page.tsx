import { TEXT } from '@swapyard/contract';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useRegister } from '../api/register.ts';
import { AuthForm } from '../components/auth-form.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';

const t = WEB_TEXT.account;

const registerResolver = lazyZodResolver(
  async () => (await import('@swapyard/contract/auth')).registerBody,
);

export function RegisterPage() {
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: registerResolver.resolver,
    defaultValues: { displayName: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    let registered;
    try {
      registered = await registerMutation.mutateAsync(values);
    } catch {
      return; // shown in the banner from the mutation's error
    }
    // The server says which: the first member of an empty site is told they are its admin.
    toast.success(registered.message);
    await navigate('/', { replace: true });
  });

  return (
    <AuthLayout
      heading={t.registerHeading}
      tagline={TEXT.account.registerTagline}
      footer={
        <>
          {t.haveAccount} <TextLink to="/login">{t.signIn}</TextLink>
        </>
      }
    >
      {registerMutation.isError && (
        <Alert tone="error">{errorMessage(registerMutation.error, TEXT.account.registerBannerFallback)}</Alert>
      )}
      <AuthForm onSubmit={onSubmit} onFirstFocus={registerResolver.preload}>
        <Input
          label={t.fullNameLabel}
          autoComplete="name"
          required
          error={errors.displayName?.message}
          {...register('displayName')}
        />
        <Input
          label={t.emailAddressLabel}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <Input
          label={t.passwordLabel}
          type="password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <Input
          label={t.confirmPasswordLabel}
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Checkbox
          label={
            <>
              {t.acceptTermsBefore}
              {/* A new tab, so what was typed into the form is still there after reading. */}
              <TextLink to="/terms" target="_blank" rel="noopener">
                {t.termsLink}
              </TextLink>
            </>
          }
          required
          error={errors.acceptTerms?.message}
          {...register('acceptTerms')}
        />
        <Button type="submit" loading={registerMutation.isPending} className="w-full">
          {t.createAccount}
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}

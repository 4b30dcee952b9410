import { TEXT, type InviteCheckResponse } from '@swapyard/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { communityQuery } from '../../../api/community.ts';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useInviteCheck } from '../api/check-invite.ts';
import { useRegister } from '../api/register.ts';
import { AuthForm } from '../components/auth-form.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { lazySchema, useSchemaForm } from '../../../lib/schema-form.ts';
import { AUTH_TEXT } from '../texts.ts';

const t = WEB_TEXT.account;
const c = AUTH_TEXT.community;

const registerSchema = lazySchema(async () => (await import('@swapyard/contract/auth')).registerBody);

const INVITE_REFUSAL: Record<Exclude<InviteCheckResponse['status'], 'active'>, () => string> = {
  unknown: () => TEXT.community.inviteUnknown,
  expired: () => TEXT.community.inviteExpired,
  used_up: () => TEXT.community.inviteUsedUp,
  revoked: () => TEXT.community.inviteRevoked,
};

function HaveAccount() {
  return (
    <>
      {t.haveAccount} <TextLink to="/login">{t.signIn}</TextLink>
    </>
  );
}

/**
 * Sign-up as the community allows it: the form for an open community (or one joining by email
 * domain, which the server checks), and for an invite-only one only with a usable invite link;
 * without one, the page says why there is no form. The server enforces all of it regardless.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  const invite = params.get('invite') ?? undefined;
  // If the community cannot be read, the form shows as for an open one and the server answers for the rest.
  const community = useQuery(communityQuery);
  const inviteOnly = community.data?.joinMode === 'invite';
  const inviteCheck = useInviteCheck(inviteOnly ? invite : undefined);

  // Offline, a query waits for the connection: the form shows meanwhile rather than a spinner that never ends.
  const waiting = (query: { isPending: boolean; fetchStatus: string }) => query.isPending && query.fetchStatus !== 'paused';
  if (waiting(community) || (inviteOnly && invite !== undefined && waiting(inviteCheck))) {
    return (
      <AuthLayout heading={t.registerHeading} footer={<HaveAccount />}>
        <LoadingState label={invite ? c.checkingInvite : TEXT.shell.loading} className="py-6" />
      </AuthLayout>
    );
  }
  if (inviteOnly && (invite === undefined || (inviteCheck.data !== undefined && inviteCheck.data !== 'active'))) {
    return (
      <AuthLayout heading={c.inviteOnlyHeading} footer={<HaveAccount />}>
        {inviteCheck.data !== undefined && inviteCheck.data !== 'active' && <Alert tone="error">{INVITE_REFUSAL[inviteCheck.data]()}</Alert>}
        <p className="text-sm text-stone-700">{c.inviteOnly}</p>
      </AuthLayout>
    );
  }
  return <RegisterForm invite={inviteOnly ? invite : undefined} hasRules={Boolean(community.data?.rules)} />;
}

function RegisterForm({ invite, hasRules }: { invite: string | undefined; hasRules: boolean }) {
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const { errors, formProps } = useSchemaForm(registerSchema, async (values) => {
    let registered;
    try {
      registered = await registerMutation.mutateAsync(invite ? { ...values, invite } : values);
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
      tagline={invite ? c.invitedBy : TEXT.account.registerTagline}
      footer={<HaveAccount />}
    >
      {registerMutation.isError && (
        <Alert tone="error">{errorMessage(registerMutation.error, TEXT.account.registerBannerFallback)}</Alert>
      )}
      <AuthForm formProps={formProps}>
        <Input
          label={t.fullNameLabel}
          autoComplete="name"
          required
          name="displayName"
          error={errors.displayName}
        />
        <Input
          label={t.emailAddressLabel}
          type="email"
          autoComplete="email"
          required
          name="email"
          error={errors.email}
        />
        <PasswordField
          label={t.passwordLabel}
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
        {/* The community's own rules, once written, are what a new member agrees to instead of the terms. */}
        <Checkbox
          label={
            hasRules ? (
              // A new tab, so what was typed into the form is still there after reading.
              <RichText
                text={c.acceptRules}
                parts={{
                  link: (label) => (
                    <TextLink to="/rules" target="_blank" rel="noopener">
                      {label}
                    </TextLink>
                  ),
                }}
              />
            ) : (
              <RichText
                text={t.acceptTerms}
                parts={{
                  link: (label) => (
                    <TextLink to="/terms" target="_blank" rel="noopener">
                      {label}
                    </TextLink>
                  ),
                }}
              />
            )
          }
          required
          name="acceptTerms"
          error={errors.acceptTerms && (hasRules ? TEXT.community.rulesRequired : errors.acceptTerms)}
        />
        <Button type="submit" loading={registerMutation.isPending} className="w-full">
          {t.createAccount}
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}

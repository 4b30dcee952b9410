import { TEXT } from '@swapyard/contract';
import { useCommunity } from '../../../api/community.ts';
import { MarkdownLite } from '../../../components/ui/markdown-lite.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { AUTH_TEXT } from '../texts.ts';

const t = AUTH_TEXT.community;

/** The rules the admin wrote, open to everyone like the terms: read before joining, and again by members. */
export function RulesPage() {
  const community = useCommunity();
  return (
    <AuthLayout heading={t.rulesHeading} wide footer={<TextLink to="/register">{t.backToRegister}</TextLink>}>
      {!community ? (
        <LoadingState label={TEXT.shell.loading} className="py-8" />
      ) : community.rules ? (
        <MarkdownLite text={community.rules} />
      ) : (
        <p className="text-sm text-stone-700">
          {t.noRules} <TextLink to="/terms">{WEB_TEXT.account.termsLink}</TextLink>
        </p>
      )}
    </AuthLayout>
  );
}

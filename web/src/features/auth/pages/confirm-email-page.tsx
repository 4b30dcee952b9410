import { TEXT } from '@swapyard/contract';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useCommunityName } from '../../../api/community.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

const t = WEB_TEXT.account;

/**
 * Where the mailed link lands: opening it is the confirmation. The page, not the link, asks the
 * server, so a mail scanner that fetches the link confirms nothing.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const confirmMutation = useConfirmEmail();
  const community = useCommunityName();
  const { mutate } = confirmMutation;
  // A link works once: React's second run of effects in development must not spend it again.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate({ token });
  }, [mutate, token]);

  return (
    <AuthLayout heading={t.confirmEmailHeading} footer={<TextLink to="/">{t.continueToApp({ community })}</TextLink>}>
      {confirmMutation.isSuccess && <Alert tone="success">{confirmMutation.data.message}</Alert>}
      {confirmMutation.isError && <Alert tone="error">{errorMessage(confirmMutation.error, TEXT.errors.internal)}</Alert>}
      {confirmMutation.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
          <Spinner />
          {t.confirmingEmail}
        </p>
      )}
    </AuthLayout>
  );
}

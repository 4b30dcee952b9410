import { unsubscribeKind } from '@swapyard/contract';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUnsubscribe } from '../api/unsubscribe.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { AUTH_TEXT } from '../texts.ts';

const t = AUTH_TEXT.unsubscribe;

/**
 * Where a mail's unsubscribe link lands, signed in or not. Opening it changes nothing (mail
 * scanners fetch links); the button makes the same POST a mail provider's one-click does.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const kind = unsubscribeKind(token);
  const unsubscribe = useUnsubscribe();
  const preferences = <TextLink to="/settings/notifications">{t.preferences}</TextLink>;

  return (
    <AuthLayout heading={t.heading} footer={preferences}>
      {!kind && <Alert tone="error">{t.unknownLink}</Alert>}
      {kind && unsubscribe.isSuccess && <Alert tone="success">{t.done({ kind: t.kinds[kind] })}</Alert>}
      {kind && !unsubscribe.isSuccess && (
        <>
          <p className="text-sm text-stone-700">{t.willSwitchOff({ kind: t.kinds[kind] })}</p>
          {unsubscribe.isError && <Alert tone="error">{errorMessage(unsubscribe.error, t.failed)}</Alert>}
          <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
            {t.confirm}
          </Button>
        </>
      )}
    </AuthLayout>
  );
}

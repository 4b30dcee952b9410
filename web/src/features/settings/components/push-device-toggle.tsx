import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeletePushSubscription } from '../api/delete-push-subscription.ts';
import { getPushKey } from '../api/get-push-key.ts';
import { usePushSubscription } from '../api/get-push-subscription.ts';
import { useSavePushSubscription } from '../api/save-push-subscription.ts';
import { readPushBrowser, subscribeBrowser, subscriptionBody, type PushBrowser } from '../push-browser.ts';
import { SETTINGS_TEXT } from '../texts.ts';

const t = SETTINGS_TEXT.push;

/**
 * Web Push on this device, without a heading of its own (the page's section gives it one). On when
 * the browser allows notifications and the server keeps this browser's subscription for this session.
 */
export function PushDeviceToggle() {
  const [browser, setBrowser] = useState<PushBrowser>({ kind: 'checking' });
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const server = usePushSubscription();
  const save = useSavePushSubscription();
  const remove = useDeletePushSubscription();

  useEffect(() => {
    let current = true;
    void readPushBrowser().then((state) => {
      if (current) setBrowser(state);
    });
    return () => {
      current = false;
    };
  }, []);

  if (browser.kind === 'checking' || server.isPending) return <p className="text-sm text-stone-600">{t.checking}</p>;
  if (browser.kind === 'unsupported') return <p className="text-sm text-stone-700">{t.unsupported}</p>;
  if (browser.permission === 'denied') {
    return (
      <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        {t.denied}
      </p>
    );
  }

  const on = browser.permission === 'granted' && browser.endpoint !== null && server.data?.endpoint === browser.endpoint;

  const turnOn = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setBrowser({ ...browser, permission });
        setDismissed(permission === 'default');
        return;
      }
      const { publicKey } = await getPushKey();
      const subscription = await subscribeBrowser(browser.registration, publicKey);
      await save.mutateAsync(subscriptionBody(subscription));
      setBrowser({ ...browser, permission, endpoint: subscription.endpoint });
      setDismissed(false);
      toast.success(t.turnedOn);
    } catch (error) {
      toast.error(errorMessage(error, t.turnOnFailed));
    } finally {
      setBusy(false);
    }
  };

  // The server first: once it forgets this device nothing more is sent, whatever the browser does next.
  const turnOff = async () => {
    setBusy(true);
    try {
      await remove.mutateAsync();
      const subscription = await browser.registration.pushManager.getSubscription();
      await subscription?.unsubscribe();
      setBrowser({ ...browser, endpoint: null });
      toast.success(t.turnedOff);
    } catch (error) {
      toast.error(errorMessage(error, t.turnOffFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div aria-live="polite" className="text-sm">
        {on && <p className="font-medium text-emerald-800">{t.on}</p>}
        {!on && dismissed && <p className="text-stone-700">{t.dismissed}</p>}
      </div>
      {on ? (
        <Button variant="secondary" loading={busy} onClick={() => void turnOff()} className="self-start">
          {t.turnOff}
        </Button>
      ) : (
        <Button loading={busy} onClick={() => void turnOn()} className="self-start">
          {t.turnOn}
        </Button>
      )}
    </div>
  );
}

import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { useDevices } from '../api/list-devices.ts';
import { useSignOutDevice } from '../api/sign-out-device.ts';
import { useSignOutOtherDevices } from '../api/sign-out-other-devices.ts';
import { SETTINGS_TEXT } from '../texts.ts';
import { DeviceRow } from './device-row.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const t = SETTINGS_TEXT.devices;

export function DevicesSection() {
  const { data: devices, isPending, refetch } = useDevices();
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();

  let content;
  if (isPending) {
    content = <LoadingState label={t.loading} className="py-6" />;
  } else if (!devices) {
    content = <LoadFailed message={t.loadFailed} onRetry={() => void refetch()} />;
  } else {
    const others = devices.filter((device) => !device.current);
    content = (
      <>
        <ul className="divide-y divide-stone-200">
          {devices.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              onSignOut={() => signOut.mutate(device.id)}
              signingOut={signOut.isPending && signOut.variables === device.id}
            />
          ))}
        </ul>
        {others.length === 0 ? (
          <p className="text-sm text-stone-600">{t.onlyThisOne}</p>
        ) : (
          <Button variant="secondary" className="self-start" loading={signOutOthers.isPending} onClick={() => signOutOthers.mutate()}>
            {t.signOutOthers}
          </Button>
        )}
      </>
    );
  }

  return (
    <SectionCard title={t.heading} description={t.description}>
      {content}
    </SectionCard>
  );
}

import { Button } from '../../../components/ui/button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useDevices } from '../api/list-devices.ts';
import { useSignOutDevice } from '../api/sign-out-device.ts';
import { useSignOutOtherDevices } from '../api/sign-out-other-devices.ts';
import { SETTINGS_TEXT } from '../texts.ts';
import { DeviceRow } from './device-row.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const t = SETTINGS_TEXT.devices;

export function DevicesSection() {
  const query = useDevices();
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();

  return (
    <SectionCard title={t.heading} description={t.description}>
      <QueryState query={query} loadingLabel={t.loading} failedMessage={t.loadFailed} loadingClassName="py-6">
        {(devices) => {
          const others = devices.filter((device) => !device.current);
          return (
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
        }}
      </QueryState>
    </SectionCard>
  );
}

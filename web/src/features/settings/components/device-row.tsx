import type { DeviceSession } from '@swapyard/contract';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { SETTINGS_TEXT } from '../texts.ts';

const t = SETTINGS_TEXT.devices;

interface DeviceRowProps {
  device: DeviceSession;
  onSignOut: () => void;
  signingOut: boolean;
}

export function DeviceRow({ device, onSignOut, signingOut }: DeviceRowProps) {
  const nameId = useId();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      {/* Wide enough for its dates on one line each: on a phone the button goes below instead. */}
      <div className="flex min-w-56 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
          <span id={nameId}>{t.deviceName({ browser: device.browser ?? t.unknownBrowser, os: device.os ?? t.unknownSystem })}</span>
          {device.current && <Badge tone="success">{t.thisDevice}</Badge>}
        </p>
        <dl className="flex flex-col text-xs text-stone-600 sm:flex-row sm:gap-x-4">
          {(
            [
              [t.signedIn, device.signedInAt],
              [t.lastUsed, device.lastSeenAt],
            ] as const
          ).map(([label, at]) => (
            <div key={label} className="flex gap-1">
              <dt>{label}</dt>
              <dd>
                <time dateTime={at}>{formatDateTime(at)}</time>
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {!device.current && (
        // Every row's button reads "Sign out": the device's name tells a screen reader which one.
        <Button variant="secondary" aria-describedby={nameId} loading={signingOut} onClick={onSignOut}>
          {t.signOut}
        </Button>
      )}
    </li>
  );
}

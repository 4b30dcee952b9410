import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationPreferences } from '@swapyard/contract';
import { useId, type ChangeEvent, type Ref } from 'react';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useNotificationPreferences } from '../api/notification-preferences.ts';
import { useSaveNotificationPreferences } from '../api/save-notification-preferences.ts';
import { SETTINGS_TEXT } from '../texts.ts';
import { PushDeviceToggle } from './push-device-toggle.tsx';

const t = SETTINGS_TEXT.notifications;

/**
 * /settings/notifications lands here. The section holds this device's push control first (the
 * Push switches below mean nothing until a device is on) and the switches, each saved as it changes.
 */
export function NotificationsSection({ ref }: { ref?: Ref<HTMLDivElement> }) {
  const deviceHeadingId = useId();
  const saved = useNotificationPreferences();
  return (
    <div id="notifications" ref={ref} tabIndex={-1} className="scroll-mt-4 outline-none">
      <SectionCard title={t.heading} description={t.description}>
        <section aria-labelledby={deviceHeadingId} className="flex flex-col gap-2 border-b border-stone-200 pb-4">
          <h3 id={deviceHeadingId} className="text-sm font-medium text-stone-900">
            {SETTINGS_TEXT.push.heading}
          </h3>
          <p className="text-sm text-stone-600">{SETTINGS_TEXT.push.description}</p>
          <PushDeviceToggle />
        </section>
        <QueryState query={saved} loadingLabel={t.loading} failedMessage={t.loadFailed} loadingClassName="py-6">
          {(data) => <NotificationSwitches preferences={data.preferences} />}
        </QueryState>
      </SectionCard>
    </div>
  );
}

function NotificationSwitches({ preferences }: { preferences: NotificationPreferences }) {
  const save = useSaveNotificationPreferences();
  const change = (next: NotificationPreferences) => save.mutate(next);

  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y divide-stone-200">
        {NOTIFICATION_KINDS.map((kind) => (
          <li key={kind}>
            <KindRow
              label={t.kinds[kind].label}
              hint={t.kinds[kind].hint}
              checked={preferences[kind]}
              onChange={(channel, on) => change({ ...preferences, [kind]: { ...preferences[kind], [channel]: on } })}
            />
          </li>
        ))}
      </ul>
      <Switch
        label={t.weeklySummary}
        hint={t.weeklySummaryHint}
        checked={preferences.weeklySummary}
        onChange={(event) => change({ ...preferences, weeklySummary: event.target.checked })}
      />
    </div>
  );
}

interface KindRowProps {
  label: string;
  hint: string;
  checked: Record<(typeof NOTIFICATION_CHANNELS)[number], boolean>;
  onChange: (channel: (typeof NOTIFICATION_CHANNELS)[number], on: boolean) => void;
}

/** A group named by its kind, so each switch reads as "Email, Proposals" to a screen reader. */
function KindRow({ label, hint, checked, onChange }: KindRowProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={hintId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col">
        <p id={labelId} className="text-sm font-medium text-stone-900">
          {label}
        </p>
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      </div>
      <div className="flex gap-6">
        {NOTIFICATION_CHANNELS.map((channel) => (
          <Switch
            key={channel}
            label={t[channel]}
            checked={checked[channel]}
            onChange={(event) => onChange(channel, event.target.checked)}
          />
        ))}
      </div>
    </div>
  );
}

interface SwitchProps {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** A checkbox announced as a switch: it takes effect at once, with no Save button. */
function Switch({ label, hint, checked, onChange }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={onChange}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1.5 size-4 rounded border-stone-300 accent-emerald-600"
      />
      <div className="flex flex-col">
        {/* Padded, so the label and box together make a target a finger can hit. */}
        <label htmlFor={id} className="py-1 text-sm text-stone-700">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-stone-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { BlockedMembersSection } from '../components/blocked-members-section.tsx';
import { DataSection } from '../components/data-section.tsx';
import { DeleteAccountSection } from '../components/delete-account-section.tsx';
import { DevicesSection } from '../components/devices-section.tsx';
import { EmailSection } from '../components/email-section.tsx';
import { PasswordSection } from '../components/password-section.tsx';
import { PushDeviceToggle } from '../components/push-device-toggle.tsx';
import { SETTINGS_TEXT } from '../texts.ts';

/** The member's account, one section per concern, each its own component with its own calls. */
export function SettingsPage() {
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeading>{WEB_TEXT.nav.settings}</PageHeading>
      <PasswordSection />
      <EmailSection />
      <SectionCard title={SETTINGS_TEXT.push.heading} description={SETTINGS_TEXT.push.description}>
        <PushDeviceToggle />
      </SectionCard>
      <DevicesSection />
      <BlockedMembersSection />
      <DataSection />
      {/* Last, set apart: the one that cannot be undone. */}
      <DeleteAccountSection />
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { BlockedMembersSection } from '../components/blocked-members-section.tsx';
import { DataSection } from '../components/data-section.tsx';
import { DeleteAccountSection } from '../components/delete-account-section.tsx';
import { DevicesSection } from '../components/devices-section.tsx';
import { EmailSection } from '../components/email-section.tsx';
import { LanguageSection } from '../components/language-section.tsx';
import { NotificationsSection } from '../components/notifications-section.tsx';
import { PasswordSection } from '../components/password-section.tsx';

/** The member's account, one section per concern, each its own component with its own calls. */
export function SettingsPage() {
  const { pathname } = useLocation();
  const notifications = useRef<HTMLDivElement>(null);
  // /settings/notifications (the link in every notification mail) opens the page at that section.
  useEffect(() => {
    if (!pathname.endsWith('/notifications')) return;
    notifications.current?.scrollIntoView({ block: 'start' });
    notifications.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeading>{WEB_TEXT.nav.settings}</PageHeading>
      <LanguageSection />
      <PasswordSection />
      <EmailSection />
      <NotificationsSection ref={notifications} />
      <DevicesSection />
      <BlockedMembersSection />
      <DataSection />
      {/* Last, set apart: the one that cannot be undone. */}
      <DeleteAccountSection />
    </div>
  );
}

import type { Role } from '@swapyard/contract';
import { ADMIN_TEXT } from './texts.ts';

export interface AdminSection {
  to: string;
  label: string;
  /** Only an admin's: a moderator is not shown it. */
  adminOnly?: boolean;
  end?: boolean;
}

const t = ADMIN_TEXT.sections;

// Built on each call, so the labels read in the language shown now.
const sections = (): readonly AdminSection[] => [
  { to: '/admin', label: t.reports, end: true },
  { to: '/admin/members', label: t.members },
  { to: '/admin/invites', label: t.invites },
  { to: '/admin/audit', label: t.audit },
  { to: '/admin/settings', label: t.settings, adminOnly: true },
];

export function adminSections(role: Role): readonly AdminSection[] {
  return sections().filter((section) => !section.adminOnly || role === 'admin');
}

import type { Role } from '@swapyard/contract';
import {
  ArrowLeftRight,
  Bell,
  CirclePlus,
  Heart,
  History,
  Search,
  House,
  MessageCircle,
  Settings,
  ShieldCheck,
  Store,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { WEB_TEXT } from '../../lib/texts.ts';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /**
   * Home and Profile match only themselves (another member's profile is not the member's own);
   * every other entry stays active on its sub-pages.
   */
  end?: boolean;
  /** Which unread count, if any, the entry shows. */
  badge?: 'messages' | 'notifications';
}

const t = WEB_TEXT.nav;

export const PRIMARY_NAV: readonly NavItem[] = [
  { to: '/', label: t.home, icon: House, end: true },
  { to: '/marketplace', label: t.marketplace, icon: Store },
  { to: '/add-item', label: t.addItem, icon: CirclePlus },
  { to: '/messages', label: t.messages, icon: MessageCircle, badge: 'messages' },
  { to: '/profile', label: t.profile, icon: UserRound, end: true },
];

const SECONDARY_NAV: readonly NavItem[] = [
  { to: '/notifications', label: t.notifications, icon: Bell, badge: 'notifications' },
  { to: '/favourites', label: t.favourites, icon: Heart },
  { to: '/saved-searches', label: t.savedSearches, icon: Search },
  { to: '/proposals', label: t.proposals, icon: ArrowLeftRight },
  { to: '/history', label: t.history, icon: History },
  { to: '/settings', label: t.settings, icon: Settings },
];

const STAFF_NAV: readonly NavItem[] = [...SECONDARY_NAV, { to: '/admin', label: t.admin, icon: ShieldCheck }];

/** Admin is shown to moderators and admins only; a member never sees that it exists. */
export function secondaryNav(role: Role): readonly NavItem[] {
  return role === 'member' ? SECONDARY_NAV : STAFF_NAV;
}

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

/** An entry whose label is read each time it is shown, so it is in the language of the moment. */
function entry(to: string, label: () => string, icon: LucideIcon, options: Pick<NavItem, 'end' | 'badge'> = {}): NavItem {
  return {
    to,
    get label() {
      return label();
    },
    icon,
    ...options,
  };
}

export const PRIMARY_NAV: readonly NavItem[] = [
  entry('/', () => t.home, House, { end: true }),
  entry('/marketplace', () => t.marketplace, Store),
  entry('/add-item', () => t.addItem, CirclePlus),
  entry('/messages', () => t.messages, MessageCircle, { badge: 'messages' }),
  entry('/profile', () => t.profile, UserRound, { end: true }),
];

const SECONDARY_NAV: readonly NavItem[] = [
  entry('/notifications', () => t.notifications, Bell, { badge: 'notifications' }),
  entry('/favourites', () => t.favourites, Heart),
  entry('/saved-searches', () => t.savedSearches, Search),
  entry('/proposals', () => t.proposals, ArrowLeftRight),
  entry('/history', () => t.history, History),
  entry('/settings', () => t.settings, Settings),
];

const STAFF_NAV: readonly NavItem[] = [...SECONDARY_NAV, entry('/admin', () => t.admin, ShieldCheck)];

/** Admin is shown to moderators and admins only; a member never sees that it exists. */
export function secondaryNav(role: Role): readonly NavItem[] {
  return role === 'member' ? SECONDARY_NAV : STAFF_NAV;
}

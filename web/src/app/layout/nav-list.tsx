import { NavLink } from 'react-router';
import { useUnreadCounts } from '../../api/unread-counts.ts';
import type { NavItem } from './nav-items.ts';
import { UnreadBadge } from './unread-badge.tsx';

interface NavListProps {
  items: readonly NavItem[];
  onNavigate?: () => void;
}

export function NavList({ items, onNavigate }: NavListProps) {
  const unread = useUnreadCounts();
  return (
    <ul className="flex flex-col gap-1">
      {items.map(({ to, label, icon: Icon, end, badge }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end ?? false}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                isActive ? 'bg-emerald-50 text-emerald-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'
              }`
            }
          >
            <Icon aria-hidden="true" className="size-5 shrink-0" />
            {label}
            {badge && <UnreadBadge count={unread[badge]} kind={badge} />}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

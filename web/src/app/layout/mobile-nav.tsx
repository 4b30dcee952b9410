import { Bell, Coins, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { useUnreadCounts } from '../../api/unread-counts.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { WEB_TEXT } from '../../lib/texts.ts';
import { Brand } from './brand.tsx';
import { LogOutButton } from './log-out-button.tsx';
import { MemberSummary } from './member-summary.tsx';
import { PRIMARY_NAV, secondaryNav } from './nav-items.ts';
import { NavList } from './nav-list.tsx';
import { UnreadBadge } from './unread-badge.tsx';

const t = WEB_TEXT.nav;

export function MobileTopBar() {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const unread = useUnreadCounts();

  const close = () => {
    setOpen(false);
  };
  // A tap anywhere outside the open menu closes it, as on every phone app.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
    };
  }, [open]);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    toggleRef.current?.focus();
  };

  return (
    <header ref={headerRef} className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur" onKeyDown={closeOnEscape}>
      <div className="flex h-14 items-center justify-between gap-3 px-4">
        <Brand />
        <div className="flex shrink-0 items-center gap-2">
          <span
            data-testid="points-balance"
            className="flex items-center gap-1 whitespace-nowrap rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800"
          >
            <Coins aria-hidden="true" className="size-3.5" />
            {WEB_TEXT.points({ points: user.points })}
          </span>
          <Link
            to="/notifications"
            onClick={close}
            className="relative rounded-lg p-2 text-stone-700 hover:bg-stone-100"
          >
            <Bell aria-hidden="true" className="size-6" />
            <span className="sr-only">{t.notifications}</span>
            <UnreadBadge count={unread.notifications} kind="notifications" variant="corner" />
          </Link>
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? t.closeMenu : t.openMenu}
            onClick={() => {
              setOpen((isOpen) => !isOpen);
            }}
            className="rounded-lg p-2 text-stone-700 hover:bg-stone-100"
          >
            {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
        </div>
      </div>
      {open && (
        <div id={menuId} className="absolute inset-x-0 top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-b border-stone-200 bg-white px-4 pb-4 shadow-lg">
          <div className="border-b border-stone-200 px-3 py-4">
            <MemberSummary user={user} showPoints={false} />
          </div>
          <nav aria-label={t.menuLabel} className="flex flex-col gap-4 py-4">
            <NavList items={PRIMARY_NAV} onNavigate={close} />
            <div className="border-t border-stone-200 pt-4">
              <NavList items={secondaryNav(user.role)} onNavigate={close} />
            </div>
          </nav>
          <div className="border-t border-stone-200 pt-4">
            <LogOutButton />
          </div>
        </div>
      )}
    </header>
  );
}

export function MobileBottomBar() {
  const unread = useUnreadCounts();
  return (
    <nav
      aria-label={t.bottomLabel}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="grid grid-cols-5">
        {PRIMARY_NAV.map(({ to, label, icon: Icon, end, badge }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end ?? false}
              className={({ isActive }) =>
                `flex flex-col items-center gap-0.5 px-1 py-2 text-[11px] font-medium ${
                  isActive ? 'text-emerald-700' : 'text-stone-600 hover:text-stone-900'
                }`
              }
            >
              <span className="relative">
                <Icon aria-hidden="true" className="size-5" />
                {badge && <UnreadBadge count={unread[badge]} kind={badge} variant="corner" />}
              </span>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

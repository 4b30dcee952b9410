import { useCurrentUser } from '../../lib/current-user.ts';
import { WEB_TEXT } from '../../lib/texts.ts';
import { Brand } from './brand.tsx';
import { LogOutButton } from './log-out-button.tsx';
import { MemberSummary } from './member-summary.tsx';
import { PRIMARY_NAV, secondaryNav } from './nav-items.ts';
import { NavList } from './nav-list.tsx';

export function Sidebar() {
  const user = useCurrentUser();
  return (
    <aside className="fixed inset-y-0 left-0 flex w-64 flex-col border-r border-stone-200 bg-white px-4 py-6">
      <div className="px-3">
        <Brand />
      </div>
      <nav aria-label={WEB_TEXT.nav.mainLabel} className="mt-8 flex flex-1 flex-col gap-6 overflow-y-auto">
        <NavList items={PRIMARY_NAV} />
        <div className="border-t border-stone-200 pt-4">
          <NavList items={secondaryNav(user.role)} />
        </div>
      </nav>
      <div className="flex flex-col gap-3 border-t border-stone-200 pt-4">
        <div className="px-3">
          <MemberSummary user={user} />
        </div>
        <LogOutButton />
      </div>
    </aside>
  );
}

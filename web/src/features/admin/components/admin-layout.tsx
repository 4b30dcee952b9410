import { useQuery } from '@tanstack/react-query';
import { Navigate, NavLink, Outlet } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { currentUserQuery, useCurrentUser } from '../../../lib/current-user.ts';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { restoredFromDisk } from '../../../lib/persisted-cache.ts';
import { adminSections } from '../sections.ts';
import { ADMIN_TEXT } from '../texts.ts';

/** The operator's pages; a member is shown the not-found page, as the API answers them 404. */
export function AdminLayout() {
  const user = useCurrentUser();
  // The role shown may be the one saved on disk, from before this member was made a moderator: only
  // the server's answer on this page load may send them away. Its refetch starts after this first
  // render, so "not fetching" alone would send them before it was asked.
  const { isFetching, dataUpdatedAt } = useQuery(currentUserQuery);
  if (user.role === 'member') {
    const roleConfirmed = !isFetching && !restoredFromDisk(dataUpdatedAt);
    return roleConfirmed ? <Navigate to="/not-found" replace /> : <LoadingState label={ADMIN_TEXT.loading} className="py-8" />;
  }
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{ADMIN_TEXT.heading}</PageHeading>
      {/* The tabs wrap on a phone: a scrolled strip left the last ones off screen when focused (keyboard sweep). */}
      <nav aria-label={ADMIN_TEXT.sectionsLabel}>
        <ul className="flex flex-wrap gap-1 border-b border-stone-200">
          {adminSections(user.role).map(({ to, label, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end ?? false}
                className="-mb-px block border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-stone-600 hover:text-stone-900 aria-[current=page]:border-emerald-600 aria-[current=page]:text-emerald-800"
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

import { Navigate, NavLink, Outlet } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { adminSections } from '../sections.ts';
import { ADMIN_TEXT } from '../texts.ts';

/** The operator's pages; a member is shown the not-found page, as the API answers them 404. */
export function AdminLayout() {
  const user = useCurrentUser();
  if (user.role === 'member') return <Navigate to="/not-found" replace />;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{ADMIN_TEXT.heading}</PageHeading>
      {/* Wrapped, not scrolled sideways: a tab scrolled half out of sight is where keyboard focus gets lost on a phone. */}
      <nav aria-label={ADMIN_TEXT.sectionsLabel}>
        <ul className="flex flex-wrap gap-x-1 border-b border-stone-200">
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

import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { CurrentUserContext, currentUserQuery } from '../lib/current-user.ts';
import { FullPageLoader } from './full-page-loader.tsx';

export function RequireAuth() {
  const { data: user, error } = useQuery(currentUserQuery);
  if (user === undefined) {
    // Not knowing who is signed in (server down) is a failure to show, not a reason to sign out.
    // Once known, a failed background refetch keeps the last answer instead.
    if (error) throw error;
    return <FullPageLoader />;
  }
  if (!user) return <Navigate to="/login" replace />;
  return (
    <CurrentUserContext value={user}>
      <Outlet />
    </CurrentUserContext>
  );
}

export function RedirectIfSignedIn() {
  const { data: user, isPending } = useQuery(currentUserQuery);
  if (isPending) return <FullPageLoader />;
  if (user) return <Navigate to="/" replace />;
  // On a failed check the forms stay usable: signing in is the way out.
  return <Outlet />;
}

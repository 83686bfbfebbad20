import { Navigate, Outlet, useLocation } from 'react-router';
import { CenteredSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-user';
import { isAdmin } from '@/lib/auth/types';
import { signInFor } from '../lib/return-path';

/**
 * Guarding signed-in pages (docs/product.md 'Pages and navigation'): a spinner while the user
 * loads, /auth (which goes on to /login, and back to this page after signing in) without one, the
 * page otherwise.
 */
export function RequireUser() {
  const { user, isPending } = useUser();
  const signIn = useSignInHere();
  if (isPending) return <CenteredSpinner label="Checking your session" />;
  if (!user) return <Navigate to={signIn} replace />;
  return <Outlet />;
}

/** As RequireUser, and a signed-in non-admin is sent to /. */
export function RequireAdmin() {
  const { user, isPending } = useUser();
  const signIn = useSignInHere();
  if (isPending) return <CenteredSpinner label="Checking your session" />;
  if (!user) return <Navigate to={signIn} replace />;
  if (!isAdmin(user)) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

/** The sign-in address that comes back to the current page. */
function useSignInHere(): string {
  const { pathname, search } = useLocation();
  return signInFor(`${pathname}${search}`);
}

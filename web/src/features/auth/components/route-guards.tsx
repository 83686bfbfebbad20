import { Navigate, Outlet } from 'react-router';
import { CenteredSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-user';
import { isAdmin } from '@/lib/auth/types';

/**
 * Guarding signed-in pages (docs/product.md 'Pages and navigation'): a spinner while the user
 * loads, /auth (which goes on to /login) without one, the page otherwise.
 */
export function RequireUser() {
  const { user, isPending } = useUser();
  if (isPending) return <CenteredSpinner label="Checking your session" />;
  if (!user) return <Navigate to={paths.auth} replace />;
  return <Outlet />;
}

/** As RequireUser, and a signed-in non-admin is sent to /. */
export function RequireAdmin() {
  const { user, isPending } = useUser();
  if (isPending) return <CenteredSpinner label="Checking your session" />;
  if (!user) return <Navigate to={paths.auth} replace />;
  if (!isAdmin(user)) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

import { useEffect } from 'react';
import { useUser } from '@/lib/auth/get-user';
import { isAdmin } from '@/lib/auth/types';
import { prefetchAdminPages } from './routes/admin/pages';

/**
 * Admin login, or loading a session that is an admin's, fetches the admin pages ahead of time
 * (docs/product.md 'Accounts and sign-in'). Both end with an admin in the user cache, which is what
 * this watches.
 */
export function AdminPrefetcher() {
  const { user } = useUser();
  const admin = isAdmin(user);
  useEffect(() => {
    if (admin) void prefetchAdminPages();
  }, [admin]);
  return null;
}

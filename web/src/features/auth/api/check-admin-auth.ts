import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import type { User } from '@/lib/auth/types';
import { fetchFrom } from '@/lib/query-client';

export interface AdminCheck {
  authenticated: boolean;
  user: User;
}

/** GET /api/admin/check-auth: the server's own word that this session is an admin's. */
export function adminCheckAuthQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'check-auth'],
    queryFn: fetchFrom<AdminCheck>(apiPaths.adminCheckAuth),
    retry: false,
  });
}

import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import type { User } from './types';

export interface AdminCheck {
  authenticated: boolean;
  user: User;
}

/** GET /api/admin/check-auth: the server's own word that this session is an admin's. */
export function adminCheckAuthQueryOptions() {
  return queryOptions<AdminCheck>({ queryKey: [apiPaths.adminCheckAuth], retry: false });
}

import type { User } from '@/lib/auth/types';

export const player: User = {
  id: 'u-1',
  username: 'alice',
  email: 'alice@example.com',
  type: 'user',
  role: 'user',
  evmWallet: null,
  createdAt: '2025-01-15T10:00:00.000Z',
};

export const admin: User = {
  id: 'a-1',
  username: 'root_admin',
  email: 'admin@example.com',
  type: 'admin',
  role: 'admin',
  evmWallet: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

export const notAuthenticated = { message: 'Not authenticated' };

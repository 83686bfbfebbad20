/** The signed-in account, as the auth service returns it. */
export interface User {
  id: string;
  username: string;
  email: string;
  type: 'user' | 'admin';
  role: 'user' | 'admin';
  evmWallet: string | null;
  createdAt: string;
}

export function isAdmin(user: User | null | undefined): boolean {
  return !!user && (user.type === 'admin' || user.role === 'admin');
}

import type { authV1 } from '@ballmatch/proto';

/** A user the test servers answer with, by id. */
export const testUser = (id: string): authV1.User => ({
  id,
  username: 'ann',
  email: 'a@b.c',
  type: 1,
  evmWallet: '',
  createdAt: '',
});

/** What a sign-in answers, for `user`. */
export const signedIn = (user: authV1.User) => ({ user, token: '', expiresAt: 0 });

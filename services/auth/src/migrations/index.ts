import type { Migrations } from '@ballmatch/platform';
import * as users from './001_users';
import * as usernameSkeleton from './002_username_skeleton';

export const migrations: Migrations = {
  '001_users': users,
  '002_username_skeleton': usernameSkeleton,
};

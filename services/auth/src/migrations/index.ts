import type { Migrations } from '@ballmatch/platform';
import * as users from './001_users';

export const migrations: Migrations = { '001_users': users };

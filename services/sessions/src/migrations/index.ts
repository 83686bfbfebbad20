import type { Migrations } from '@ballmatch/platform';
import * as sessions from './001_sessions';

export const migrations: Migrations = { '001_sessions': sessions };

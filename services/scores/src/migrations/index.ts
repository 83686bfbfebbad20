import type { Migrations } from '@ballmatch/platform';
import * as scores from './001_scores';

export const migrations: Migrations = { '001_scores': scores };

import type { Migrations } from '@ballmatch/platform';
import * as content from './001_content';

export const migrations: Migrations = {
  '001_content': content,
};

/**
 * An ad's states and the actions each allows are shared with the web app (@ballmatch/rules);
 * what the service alone needs of them stands here.
 */
export {
  AD_STATES,
  adState,
  type AdRun as Run,
  type AdState,
  type AdStatus,
} from '@ballmatch/rules';

export const DAY_MS = 86_400_000;

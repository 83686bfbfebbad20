// The ad click counter kept on this device (one more each time 'Watch Ad' is pressed).
import { readStorage, writeStorage } from '@/lib/storage';

export const AD_CLICKS_KEY = 'ballmatch_ad_clicks';

export function countAdClick(): number {
  const count = (Number.parseInt(readStorage(AD_CLICKS_KEY) ?? '0', 10) || 0) + 1;
  writeStorage(AD_CLICKS_KEY, String(count));
  return count;
}

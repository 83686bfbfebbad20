// What an offer (a server-made nonce for one ad shown to one client) is used for: counting the
// impression of what it was made for, and the click through to the advertiser (docs/api.md
// 'Serving, impressions and clicks'). A failed impression is logged and otherwise ignored: the
// player never waits for one.
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';

export const AD_OFFER_HEADER = 'X-Ad-Offer';

const seg = encodeURIComponent;

/** Where an ad's impression is posted. */
export const adImpressionPath = (adId: string) => `${apiPaths.ads}/${seg(adId)}/impression`;

/** Where a custom icon's impression is posted. */
export const iconImpressionPath = (color: string) => `${apiPaths.icons}/${seg(color)}/impression`;

/** The link that counts the click and sends the browser on to the advertiser. */
export const offerLinkPath = (offerId: string) => `${apiPaths.ads}/go/${seg(offerId)}`;

/** POST `{}` to an impression path with its offer; never throws. */
export function recordImpression(path: string, offerId: string): void {
  api
    .post(path, {}, { retries: 0, headers: { [AD_OFFER_HEADER]: offerId } })
    .catch((error: unknown) => {
      console.warn(
        `[ads] impression ${path} failed (ignored):`,
        error instanceof Error ? error.message : error,
      );
    });
}

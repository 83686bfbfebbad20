// Impressions of the faces on the board, reported when a ranked game starts and whenever a grid
// is built, each with the offer the server made for it in the `X-Ad-Offer` header (docs/api.md
// 'Serving, impressions and clicks'). A face without an offer (a practice game, or no offers
// from the server) is never reported. A failed report is logged and otherwise ignored.
import type { Face } from '@/game/faces';
import { adImpressionPath, iconImpressionPath, recordImpression } from '@/lib/offers';

/** One impression per face on the board: POST /api/ads/{id}/impression or /api/icons/{color}/impression. */
export function recordImpressions(faces: readonly Face[]): void {
  for (const face of faces) {
    if (!face.offerId) continue;
    const path = face.kind === 'ad' ? adImpressionPath(face.adId) : iconImpressionPath(face.color);
    recordImpression(path, face.offerId);
  }
}

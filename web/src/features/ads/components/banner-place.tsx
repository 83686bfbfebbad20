import { useEffect } from 'react';
import { adImpressionPath, recordImpression } from '@/lib/offers';
import { useBanner, type BannerPlacement } from '../api/get-banner';
import type { ServedBanner } from '../api/types';
import { isSafeLink } from '../lib/links';
import './banner-place.css';

/** Offers whose impression this page has posted (the server counts each once anyway). */
const counted = new Set<string>();

function countImpression(banner: ServedBanner): void {
  if (counted.has(banner.offerId)) return;
  counted.add(banner.offerId);
  recordImpression(adImpressionPath(banner.adId), banner.offerId);
}

/**
 * A banner place (docs/api.md 'Serving, impressions and clicks'): the running banner at its
 * size (scaled to the width on a phone), linking to the advertiser through its offer. With no
 * banner running it shows nothing at all, not even an empty box.
 */
export function BannerPlace({ placement }: { placement: BannerPlacement }) {
  const { data: banner } = useBanner(placement);
  // Only https or this site's addresses (the layout stays free of the board's image rules).
  const shown =
    banner && isSafeLink(banner.imageUrl) && isSafeLink(banner.clickUrl) ? banner : null;

  useEffect(() => {
    if (shown) countImpression(shown);
  }, [shown]);

  if (!shown) return null;
  return (
    <aside
      className="banner-place"
      aria-label="Advertisement"
      data-testid={`banner-${placement}`}
      style={{ maxWidth: shown.width }}
    >
      <a href={shown.clickUrl} target="_blank" rel="noopener sponsored">
        <img src={shown.imageUrl} width={shown.width} height={shown.height} alt="Advertisement" />
      </a>
      <span className="banner-place__label">Ad</span>
    </aside>
  );
}

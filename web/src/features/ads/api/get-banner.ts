// The banner of a page's banner place (docs/api.md 'Serving, impressions and clicks'). A place
// with no banner running (204), or any failure, shows nothing: a banner is never worth an error
// on the page, nor a retry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
import type { ServedBanner } from './types';

/** Banners rotate by the minute; a page does not ask again sooner, nor on focus. */
const BANNER_STALE_TIME_MS = 60_000;

export type BannerPlacement = 'footer' | 'test';

async function fetchBanner(
  placement: BannerPlacement,
  signal: AbortSignal,
): Promise<ServedBanner | null> {
  try {
    const banner = await api.get<ServedBanner | null>(
      `${apiPaths.bannerAds}?placement=${placement}`,
      { signal, retries: 0, on404: 'returnNull' },
    );
    return banner && typeof banner.offerId === 'string' && banner.imageUrl ? banner : null;
  } catch {
    return null;
  }
}

/** GET /api/banner-ads?placement=: the running banner with its offer, or null (204). */
export function bannerQueryOptions(placement: BannerPlacement) {
  return queryOptions({
    queryKey: ['ads', 'banner', placement],
    queryFn: ({ signal }) => fetchBanner(placement, signal),
    staleTime: BANNER_STALE_TIME_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useBanner(placement: BannerPlacement) {
  return useQuery(bannerQueryOptions(placement));
}

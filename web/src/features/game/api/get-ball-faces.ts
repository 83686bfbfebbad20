// Custom ball icons and advertisers' images for the board (docs/product.md 'Ball faces'). Both
// reads are optional: when they fail (the endpoints may not exist yet) the board keeps its plain
// balls, quietly. Their freshness (30 s) and no-retry rule are the ['faces'] area's defaults.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { mergeFaces, validAds, validIcons, type Face } from '@/game/faces';

/** A GET that answers [] instead of failing (and is not retried: the board can do without). */
async function optionalList(path: string, signal?: AbortSignal): Promise<unknown> {
  try {
    const response = await fetch(path, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (!response.ok) return [];
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : [];
  } catch {
    return [];
  }
}

/** GET /api/icons: the valid custom icons, one per colour. */
export function ballIconsQueryOptions() {
  return queryOptions({
    queryKey: ['faces', 'icons'],
    queryFn: ({ signal }) => optionalList(apiPaths.icons, signal).then(validIcons),
  });
}

/** GET /api/active-ads: the valid advertisers' images, one per colour. */
export function activeAdsQueryOptions() {
  return queryOptions({
    queryKey: ['faces', 'active-ads'],
    queryFn: ({ signal }) => optionalList(apiPaths.activeAds, signal).then(validAds),
  });
}

/** The faces the board draws: an advertiser's image beats an icon of the same colour. */
export function useBallFaces(): Face[] {
  const icons = useQuery(ballIconsQueryOptions());
  const ads = useQuery(activeAdsQueryOptions());
  return mergeFaces(ads.data ?? [], icons.data ?? []);
}

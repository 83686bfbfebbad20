// Custom ball icons for the board (docs/product.md 'Ball faces'). The read is optional: when it
// fails the board keeps its plain balls, quietly. Its freshness (30 s) and no-retry rule are the
// ['faces'] area's defaults. Advertisers' images come with a ranked game's offers
// (model/ad-offers.ts), never from a list of their own: an ad is shown only where it is counted.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { validIcons, type Face } from '@/game/faces';

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

const NO_ICONS: Face[] = [];

/** The custom icons (none while loading or when the read failed). */
export function useBallIcons(): Face[] {
  return useQuery(ballIconsQueryOptions()).data ?? NO_ICONS;
}

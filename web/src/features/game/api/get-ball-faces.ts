// Custom ball icons and advertisers' images for the board (SPEC 2, 4, 7). Both reads are
// optional: when they fail (the endpoints may not exist yet) the board keeps its plain balls,
// quietly.
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { mergeFaces, validAds, validIcons, type Face } from '@/game/faces';

/** SPEC 9: icon and ad queries are stale after 30 s. */
export const FACES_STALE_TIME_MS = 30_000;

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

export function useBallFaces(): Face[] {
  const icons = useQuery({
    queryKey: [apiPaths.icons],
    queryFn: ({ signal }) => optionalList(apiPaths.icons, signal).then(validIcons),
    staleTime: FACES_STALE_TIME_MS,
    retry: false,
  });
  const ads = useQuery({
    queryKey: [apiPaths.activeAds],
    queryFn: ({ signal }) => optionalList(apiPaths.activeAds, signal).then(validAds),
    staleTime: FACES_STALE_TIME_MS,
    retry: false,
  });
  return mergeFaces(ads.data ?? [], icons.data ?? []);
}

// Custom ball icons and advertisers' images for the board (SPEC 2, 4, 7). Both reads are
// optional: when they fail (the endpoints may not exist yet) the board keeps its plain balls,
// quietly. Impressions are reported when a game starts and whenever a grid is built.
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
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

function fireAndForget(path: string): void {
  api.post(path, {}, { retries: 0 }).catch((error: unknown) => {
    console.warn(
      `[faces] impression ${path} failed (ignored):`,
      error instanceof Error ? error.message : error,
    );
  });
}

/** One impression per face on the board: POST /api/ads/{id}/impression or /api/icons/{color}/impression. */
export function recordImpressions(faces: readonly Face[]): void {
  for (const face of faces) {
    if (face.kind === 'ad') fireAndForget(`/api/ads/${encodeURIComponent(face.adId)}/impression`);
    else fireAndForget(`/api/icons/${encodeURIComponent(face.colorCode)}/impression`);
  }
}

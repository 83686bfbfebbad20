// Impressions of the faces on the board, reported when a game starts and whenever a grid is
// built. A failed report is logged and otherwise ignored: the player never waits for one.
import { api } from '@/lib/api-client';
import type { Face } from '@/game/faces';

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

import { createGrpcClient, type ServiceCredential } from '@ballmatch/platform';
import { sessionsV1 } from '@ballmatch/proto';
import type { SessionLookup } from '../domain/submissions';

/**
 * The sessions service's scoring read (the held game), over gRPC. It goes on behalf of the
 * caller: the platform's client forwards the request's `authorization` and
 * `x-session-credential`, and the sessions service answers only the session's owner, and only
 * through this service's identity (`credential`).
 */
export function createSessionsClient(
  address: string,
  credential: ServiceCredential,
): { lookup: SessionLookup; close(): void } {
  const client = createGrpcClient(
    sessionsV1.SessionServiceClient,
    sessionsV1.SessionServiceService,
    address,
    { serviceLabel: 'sessions', defaultTimeoutMs: 2000, credential },
  );
  return {
    async lookup(id) {
      const game = await client.getSessionForScoring({ id });
      return {
        seed: game.seed,
        suspicious: game.suspicious,
        finished: game.finished,
        score: game.score,
        level: game.level,
        moves: game.moves,
        actionCodes: game.actionCodes,
        actionTimes: game.actionTimes,
      };
    },
    close: () => client.close(),
  };
}

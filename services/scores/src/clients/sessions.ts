import { createGrpcClient } from '@ballmatch/platform';
import { sessionsV1 } from '@ballmatch/proto';
import type { SessionLookup } from '../domain/submissions';

/** The sessions service's scoring read (the seed of a game), over gRPC. */
export function createSessionsClient(address: string): { lookup: SessionLookup; close(): void } {
  const client = createGrpcClient(
    sessionsV1.SessionServiceClient,
    sessionsV1.SessionServiceService,
    address,
    { serviceLabel: 'sessions', defaultTimeoutMs: 2000 },
  );
  return {
    async lookup(id) {
      const session = await client.getSessionForScoring({ id });
      return { seed: session.seed, suspicious: session.suspicious };
    },
    close: () => client.close(),
  };
}

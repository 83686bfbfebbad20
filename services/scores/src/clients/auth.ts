import { createGrpcClient } from '@ballmatch/platform';
import { authV1 } from '@ballmatch/proto';
import type { NameLookup } from '../domain/player-name';

/** Auth's name ownership read (auth.v1 NameService), over gRPC. */
export function createAuthClient(address: string): { names: NameLookup; close(): void } {
  const client = createGrpcClient(authV1.NameServiceClient, authV1.NameServiceService, address, {
    serviceLabel: 'auth',
    defaultTimeoutMs: 2000,
  });
  return {
    async names(name) {
      const found = await client.resolveName({ name });
      return { ownerUserId: found.ownerUserId || null, protected: found.protected };
    },
    close: () => client.close(),
  };
}

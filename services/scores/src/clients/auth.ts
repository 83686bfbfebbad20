import { createGrpcClient, type ServiceCredential } from '@ballmatch/platform';
import { authV1 } from '@ballmatch/proto';
import type { NameLookup } from '../domain/player-name';

/** Auth's name ownership read (auth.v1 NameService), over gRPC, as this service (`credential`). */
export function createAuthClient(
  address: string,
  credential: ServiceCredential,
): { names: NameLookup; close(): void } {
  const client = createGrpcClient(authV1.NameServiceClient, authV1.NameServiceService, address, {
    serviceLabel: 'auth',
    defaultTimeoutMs: 2000,
    credential,
  });
  return {
    async names(name) {
      const found = await client.resolveName({ name });
      return { ownerUserId: found.ownerUserId || null, protected: found.protected };
    },
    close: () => client.close(),
  };
}

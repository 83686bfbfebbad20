import { createGrpcClient, type ServiceCredential } from '@ballmatch/platform';
import { authV1 } from '@ballmatch/proto';
import type { NamePager } from '../domain/account-names';

/**
 * Auth's NameService over gRPC, as this service (`credential`): every account's name, a page
 * at a time, for the one-off fill of this service's table of them (domain/account-names.ts).
 */
export function createAuthClient(
  address: string,
  credential: ServiceCredential,
): { pages: NamePager; close(): void } {
  const client = createGrpcClient(authV1.NameServiceClient, authV1.NameServiceService, address, {
    serviceLabel: 'auth',
    defaultTimeoutMs: 5000,
    credential,
  });
  return {
    async pages(afterUserId, limit) {
      const { accounts } = await client.listNames({ afterUserId, limit });
      return accounts.map((a) => ({
        userId: a.userId,
        username: a.username,
        nameVersion: a.nameVersion,
        registeredAt: new Date(a.registeredAt),
      }));
    },
    close: () => client.close(),
  };
}

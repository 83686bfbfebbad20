import { createGrpcClient, type Logger } from '@ballmatch/platform';
import { authV1 } from '@ballmatch/proto';
import type { AdvertiserName } from '../domain/orders';

/**
 * The advertiser's username, read from auth on the caller's behalf (AccountService
 * GetCurrentUser with the forwarded token) when an order is made. Only a label for the admins'
 * lists: when auth cannot answer, the order is made with '' rather than refused.
 */
export function createAuthClient(
  address: string,
  logger: Logger,
): { advertiserName: AdvertiserName; close(): void } {
  const client = createGrpcClient(
    authV1.AccountServiceClient,
    authV1.AccountServiceService,
    address,
    { serviceLabel: 'auth', defaultTimeoutMs: 1500 },
  );
  return {
    async advertiserName(advertiserId) {
      try {
        const { user } = await client.getCurrentUser({});
        return user?.id === advertiserId ? user.username : '';
      } catch (error) {
        logger.warn({ err: error }, 'could not read the advertiser name from auth');
        return '';
      }
    },
    close: () => client.close(),
  };
}

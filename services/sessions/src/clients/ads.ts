import { createGrpcClient, type ServiceCredential } from '@ballmatch/platform';
import { adsV1 } from '@ballmatch/proto';
import type { RewardClicks } from '../domain/games';

/**
 * The ads service's answer to 'did this game's player follow its reward ad?', over gRPC. It is
 * asked before extra moves are granted; unreachable, the call fails (UNAVAILABLE) and nothing
 * is granted. Ads answers only this service's identity (`credential`).
 */
export function createAdsClient(
  address: string,
  credential: ServiceCredential,
): { rewardClicked: RewardClicks; close(): void } {
  const client = createGrpcClient(adsV1.AdsServiceClient, adsV1.AdsServiceService, address, {
    serviceLabel: 'ads',
    defaultTimeoutMs: 2000,
    credential,
  });
  return {
    rewardClicked: async (sessionId) => (await client.getRewardClick({ sessionId })).clicked,
    close: () => client.close(),
  };
}

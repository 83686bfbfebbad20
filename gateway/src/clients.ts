import { createGrpcClient, serviceIdentityFromConfig, type AsyncClient } from '@ballmatch/platform';
import { adsV1, authV1, contentV1, scoresV1, sessionsV1 } from '@ballmatch/proto';
import type { GatewayConfig } from './config';

/**
 * One client per service the gateway calls. Each call carries the request id, the browser's
 * address and, when the request has a valid session, the caller's token (from the request
 * context), so every service checks who is calling itself; and the gateway's identity (its
 * service key), without which no service believes the address.
 */
export interface ServiceClients {
  auth: AsyncClient<authV1.AuthServiceClient>;
  account: AsyncClient<authV1.AccountServiceClient>;
  accountAdmin: AsyncClient<authV1.AccountAdminServiceClient>;
  /** The signed-in player's achievement badges. */
  achievements: AsyncClient<authV1.AchievementServiceClient>;
  sessions: AsyncClient<sessionsV1.SessionServiceClient>;
  sessionAdmin: AsyncClient<sessionsV1.SessionAdminServiceClient>;
  scores: AsyncClient<scoresV1.ScoreServiceClient>;
  leaderboards: AsyncClient<scoresV1.LeaderboardServiceClient>;
  stats: AsyncClient<scoresV1.StatsServiceClient>;
  /** The signed-in player's own games and standing. */
  myScores: AsyncClient<scoresV1.MyScoresServiceClient>;
  scoresAdmin: AsyncClient<scoresV1.ScoresAdminServiceClient>;
  ads: AsyncClient<adsV1.AdsServiceClient>;
  advertiser: AsyncClient<adsV1.AdvertiserServiceClient>;
  adsAdmin: AsyncClient<adsV1.AdsAdminServiceClient>;
  updates: AsyncClient<contentV1.UpdatesServiceClient>;
  updatesAdmin: AsyncClient<contentV1.UpdatesAdminServiceClient>;
  feedback: AsyncClient<contentV1.FeedbackServiceClient>;
  feedbackAdmin: AsyncClient<contentV1.FeedbackAdminServiceClient>;
}

export function createServiceClients(
  config: Pick<
    GatewayConfig,
    | 'AUTH_ADDR'
    | 'SESSIONS_ADDR'
    | 'SCORES_ADDR'
    | 'ADS_ADDR'
    | 'CONTENT_ADDR'
    | 'SERVICE_PRIVATE_KEY'
    | 'JWT_DEV_KEY_DIR'
  >,
): ServiceClients & { close(): void } {
  const { credential } = serviceIdentityFromConfig(config, {
    name: 'gateway',
    signs: true,
    callers: [],
  });
  const auth = { serviceLabel: 'auth', credential };
  const sessions = { serviceLabel: 'sessions', credential };
  const scores = { serviceLabel: 'scores', credential };
  const ads = { serviceLabel: 'ads', credential };
  const content = { serviceLabel: 'content', credential };
  const clients: ServiceClients = {
    auth: createGrpcClient(
      authV1.AuthServiceClient,
      authV1.AuthServiceService,
      config.AUTH_ADDR,
      auth,
    ),
    account: createGrpcClient(
      authV1.AccountServiceClient,
      authV1.AccountServiceService,
      config.AUTH_ADDR,
      auth,
    ),
    accountAdmin: createGrpcClient(
      authV1.AccountAdminServiceClient,
      authV1.AccountAdminServiceService,
      config.AUTH_ADDR,
      auth,
    ),
    achievements: createGrpcClient(
      authV1.AchievementServiceClient,
      authV1.AchievementServiceService,
      config.AUTH_ADDR,
      auth,
    ),
    sessions: createGrpcClient(
      sessionsV1.SessionServiceClient,
      sessionsV1.SessionServiceService,
      config.SESSIONS_ADDR,
      sessions,
    ),
    sessionAdmin: createGrpcClient(
      sessionsV1.SessionAdminServiceClient,
      sessionsV1.SessionAdminServiceService,
      config.SESSIONS_ADDR,
      sessions,
    ),
    scores: createGrpcClient(
      scoresV1.ScoreServiceClient,
      scoresV1.ScoreServiceService,
      config.SCORES_ADDR,
      scores,
    ),
    leaderboards: createGrpcClient(
      scoresV1.LeaderboardServiceClient,
      scoresV1.LeaderboardServiceService,
      config.SCORES_ADDR,
      scores,
    ),
    stats: createGrpcClient(
      scoresV1.StatsServiceClient,
      scoresV1.StatsServiceService,
      config.SCORES_ADDR,
      scores,
    ),
    myScores: createGrpcClient(
      scoresV1.MyScoresServiceClient,
      scoresV1.MyScoresServiceService,
      config.SCORES_ADDR,
      scores,
    ),
    scoresAdmin: createGrpcClient(
      scoresV1.ScoresAdminServiceClient,
      scoresV1.ScoresAdminServiceService,
      config.SCORES_ADDR,
      scores,
    ),
    ads: createGrpcClient(adsV1.AdsServiceClient, adsV1.AdsServiceService, config.ADS_ADDR, ads),
    advertiser: createGrpcClient(
      adsV1.AdvertiserServiceClient,
      adsV1.AdvertiserServiceService,
      config.ADS_ADDR,
      ads,
    ),
    adsAdmin: createGrpcClient(
      adsV1.AdsAdminServiceClient,
      adsV1.AdsAdminServiceService,
      config.ADS_ADDR,
      ads,
    ),
    updates: createGrpcClient(
      contentV1.UpdatesServiceClient,
      contentV1.UpdatesServiceService,
      config.CONTENT_ADDR,
      content,
    ),
    updatesAdmin: createGrpcClient(
      contentV1.UpdatesAdminServiceClient,
      contentV1.UpdatesAdminServiceService,
      config.CONTENT_ADDR,
      content,
    ),
    feedback: createGrpcClient(
      contentV1.FeedbackServiceClient,
      contentV1.FeedbackServiceService,
      config.CONTENT_ADDR,
      content,
    ),
    feedbackAdmin: createGrpcClient(
      contentV1.FeedbackAdminServiceClient,
      contentV1.FeedbackAdminServiceService,
      config.CONTENT_ADDR,
      content,
    ),
  };
  return {
    ...clients,
    close() {
      for (const client of Object.values(clients)) client.close();
    },
  };
}

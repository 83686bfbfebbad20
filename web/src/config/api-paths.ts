// Every backend path the app calls, in one place. Cache keys name the data instead (see
// lib/query-client.ts), so a path can change without touching the cache.
export const apiPaths = {
  user: '/api/user',
  login: '/api/login',
  register: '/api/register',
  adminLogin: '/api/admin/login',
  adminCheckAuth: '/api/admin/check-auth',
  userProfile: '/api/user/profile',
  /** The signed-in player's own games, standing and data export; DELETE on `user` deletes. */
  userScores: '/api/user/scores',
  userStanding: '/api/user/standing',
  userExport: '/api/user/export',
  /** Every badge, with when the signed-in player won it. */
  userAchievements: '/api/user/achievements',
  logout: '/api/logout',
  /** 'Forgot password?' (docs/api.md 'Password reset'). */
  forgotPassword: '/api/forgot-password',
  resetPassword: '/api/reset-password',

  playCount: '/api/stats/play-count',
  topScores: '/api/scores/top',
  scoresRank: '/api/scores/rank',
  activeWeeklyLeaderboard: '/api/weekly-leaderboards/active',
  weeklyLeaderboards: '/api/weekly-leaderboards',
  seasonalLeaderboards: '/api/seasonal-leaderboards',
  activeSeasonalLeaderboard: '/api/seasonal-leaderboards/active',
  adminDailyStats: '/api/admin/stats/daily',
  adminAdsStats: '/api/admin/ads/stats',

  // The admin console: dashboard, game analytics, player tracking (docs/api.md 'Statistics',
  // 'Player sessions', 'Moderation', 'Review').
  adminNewUsers: '/api/admin/stats/new-users',
  adminGameAnalytics: '/api/admin/game-analytics',
  adminPlayerSessions: '/api/admin/player-sessions',
  /** A session, or what hangs below it: `flag`, `unflag`, `score`. */
  adminPlayerSession: (id: string, below?: 'flag' | 'unflag' | 'score') =>
    `/api/admin/player-sessions/${encodeURIComponent(id)}${below ? `/${below}` : ''}`,
  adminHeldScores: '/api/admin/scores/held',
  adminScoreAction: (id: string, action: 'void' | 'clear' | 'reject') =>
    `/api/admin/scores/${encodeURIComponent(id)}/${action}`,
  adminBannedPlayers: '/api/admin/banned-players',

  // The game (issue 5).
  playerSessions: '/api/player-sessions',
  currentGame: '/api/player-sessions/current',
  scores: '/api/scores',
  checkHighScore: '/api/scores/check-high-score',
  incrementPlayCount: '/api/stats/increment-play-count',
  recordCompletedGame: '/api/stats/record-completed-game',
  icons: '/api/icons',

  // Ads and payments: buying, serving, impressions (docs/api.md 'Ads and payments').
  adsCatalog: '/api/ads/catalog',
  adImages: '/api/ads/images',
  adOrders: '/api/ads/orders',
  myAds: '/api/ads/mine',
  /** `/api/ads/{id}/impression` and `/api/ads/go/{offerId}` hang below it. */
  ads: '/api/ads',
  bannerAds: '/api/banner-ads',

  // Admin: ads review and management, ball icons (docs/api.md 'Review and management').
  adminAds: '/api/admin/ads',
  adminAdAction: (
    id: string,
    action: 'approve' | 'reject' | 'pause' | 'resume' | 'end' | 'schedule',
  ) => `/api/admin/ads/${encodeURIComponent(id)}/${action}`,
  adminIcons: '/api/admin/icons',
  adminIconUpload: '/api/admin/icons/upload',
  adminIconDelete: '/api/admin/icons/delete',
  adminIconStats: '/api/admin/icons/stats',

  // The contact form (docs/api.md 'Feedback (/contact)').
  feedback: '/api/feedback',

  // Updates (news) and the admin's inbox (docs/api.md 'Updates and feedback').
  updates: '/api/updates',
  adminUpdates: '/api/admin/updates',
  adminUpdateAction: (id: string, action: 'publish' | 'unpublish') =>
    `/api/admin/updates/${encodeURIComponent(id)}/${action}`,
  adminFeedback: '/api/admin/feedback',
  adminFeedbackAction: (id: string, action: 'read' | 'unread' | 'archive' | 'unarchive') =>
    `/api/admin/feedback/${encodeURIComponent(id)}/${action}`,
} as const;

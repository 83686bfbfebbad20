// Who may call what: for every route of docs/api.md, the status each caller gets. `player` owns
// the resources the calls name (their game session, ad order, feedback, score...); `other` is
// another signed-in player trying the same call on them (IDOR); `admin` is an administrator.
// Rows run in this order, and within a row guest, other, player, admin: the owner acts after
// the intruders, so what an intruder's call changed would show in the owner's answer.
import { randomUUID } from 'node:crypto';

export type Caller = 'guest' | 'other' | 'player' | 'admin';
export const CALLERS: Caller[] = ['guest', 'other', 'player', 'admin'];

export type Expected = Record<Caller, number>;

/** The resources made before the matrix runs (access-matrix.test.ts fills them in). */
export interface Resources {
  /** Usernames of the player, the other player. */
  names: { player: string; other: string };
  /** The player's open game (made signed in: the account owns it). */
  openSession: string;
  /** The player's game the `end` rows end, and the one the action row plays. */
  endSession: string;
  actionSession: string;
  /** The player's finished, submitted game: its session, score and shown name. */
  gameSession: string;
  score: { id: string; score: number; level: number; playerName: string };
  rewardOffer: string;
  week: string;
  /** A season running now (the score is on it) and one ahead. */
  runningSeason: string;
  futureSeason: string;
  bannedName: string;
  /** The player's ad order awaiting payment, its image; two paid ads awaiting review. */
  order: { adId: string; orderId: string; imageKey: string; mediaKey: string };
  reviewAd: string;
  rejectAd: string;
  pngBytes: Buffer;
  publishedUpdate: string;
  draftUpdate: string;
  deletedUpdate: string;
  feedback: string;
  /** Filled in as rows run (the reset the restore row restores). */
  resetId: string;
  loginAccount: { email: string; password: string };
}

export interface Call {
  path?: string;
  body?: unknown;
  /** Raw bytes instead of JSON (an image upload). */
  bytes?: Buffer;
  headers?: Record<string, string>;
}

export interface Row {
  route: string;
  expect: Expected;
  /** The request's path (the route's own when absent), body and headers for this caller. */
  call?: (r: Resources, as: Caller) => Call;
  /** Signs the caller in afresh for this call (a logout must not end the matrix's sessions). */
  fresh?: true;
  /** Reads what an admin's successful call answered (an id a later row needs). */
  remember?: (r: Resources, json: Record<string, unknown>) => void;
}

const all = (status: number): Expected => ({
  guest: status,
  other: status,
  player: status,
  admin: status,
});
const PUBLIC = all(200);
/** Any signed-in account, each for itself. */
const SIGNED_IN: Expected = { guest: 401, other: 200, player: 200, admin: 200 };
const ADMIN_ONLY: Expected = { guest: 401, other: 403, player: 403, admin: 200 };
/** Admin-only; the admin's call is refused for the resource's state, past the access check. */
const adminOnly = (adminStatus: number): Expected => ({ ...ADMIN_ONLY, admin: adminStatus });
/** A call about the player's game session: their account or credential only (403 otherwise). */
const SESSION_OWNER: Expected = { guest: 403, other: 403, player: 200, admin: 403 };

const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4"/></svg>';
const figures = (playerName: string) => ({
  totalScore: 10,
  matchCount: 1,
  moveCount: 1,
  averageMoveDuration: 500,
  playerName,
});
const claim = (r: Resources) => ({ ...r.score, sessionId: r.gameSession });

export const ACCESS_MATRIX: Row[] = [
  // Authentication
  { route: 'GET /api/user', expect: SIGNED_IN },
  {
    route: 'POST /api/register',
    expect: PUBLIC,
    call: (_r, as) => {
      const username = `reg_${as}_${randomUUID().slice(0, 6)}`;
      return { body: { username, email: `${username}@example.com`, password: 'a long password' } };
    },
  },
  { route: 'POST /api/login', expect: PUBLIC, call: (r) => ({ body: r.loginAccount }) },
  {
    route: 'POST /api/admin/login',
    expect: PUBLIC,
    call: () => ({ body: { username: 'chief', password: 'admin-password-1' } }),
  },
  {
    route: 'PATCH /api/user/profile',
    expect: SIGNED_IN,
    call: () => ({ body: { evmWallet: '' } }),
  },
  { route: 'POST /api/logout', expect: PUBLIC, fresh: true },
  { route: 'GET /api/admin/check-auth', expect: ADMIN_ONLY },
  // 'Forgot password?': anyone may ask (an address of each caller's own: 3 requests an hour
  // per address) and use a link (a made-up one: 400).
  {
    route: 'POST /api/forgot-password',
    expect: PUBLIC,
    call: (_r, as) => ({ body: { email: `forgot-${as}@example.com` } }),
  },
  {
    route: 'POST /api/reset-password',
    expect: all(400),
    call: () => ({ body: { token: 'made-up', newPassword: 'a long password' } }),
  },

  // Your data: each account's own
  { route: 'GET /api/user/scores', expect: SIGNED_IN },
  { route: 'GET /api/user/standing', expect: SIGNED_IN },
  { route: 'GET /api/user/export', expect: SIGNED_IN },
  { route: 'GET /api/user/achievements', expect: SIGNED_IN },
  {
    // A wrong password: refused after the access check (an admin is never deleted this way).
    route: 'DELETE /api/user',
    expect: { guest: 401, other: 400, player: 400, admin: 403 },
    call: (r, as) => ({
      body: {
        confirmUsername: as === 'player' || as === 'other' ? r.names[as] : 'chief',
        currentPassword: 'not the password',
      },
    }),
  },

  // Player sessions and ranked games
  {
    // The signed-in player's own unfinished game; the others have none yet (the next row
    // starts one for each).
    route: 'GET /api/player-sessions/current',
    expect: { guest: 401, other: 204, player: 200, admin: 204 },
  },
  {
    route: 'POST /api/player-sessions',
    expect: PUBLIC,
    call: () => ({
      body: { playerName: 'Matrix Game', sessionId: randomUUID(), deviceFingerprint: 'matrix' },
    }),
  },
  {
    route: 'PATCH /api/player-sessions/{id}',
    expect: SESSION_OWNER,
    call: (r) => ({ path: `/api/player-sessions/${r.openSession}`, body: figures('Owner Alias') }),
  },
  {
    route: 'GET /api/player-sessions/{id}/game',
    expect: SESSION_OWNER,
    call: (r) => ({ path: `/api/player-sessions/${r.openSession}/game` }),
  },
  {
    route: 'POST /api/player-sessions/{id}/actions',
    expect: SESSION_OWNER,
    call: (r) => ({
      path: `/api/player-sessions/${r.actionSession}/actions`,
      body: { seq: 0, action: { type: 'end' } },
    }),
  },
  {
    route: 'POST /api/player-sessions/{id}/end',
    expect: SESSION_OWNER,
    call: (r) => ({ path: `/api/player-sessions/${r.endSession}/end` }),
  },
  { route: 'GET /api/admin/player-sessions/starts', expect: ADMIN_ONLY },
  { route: 'GET /api/admin/player-sessions', expect: ADMIN_ONLY },
  { route: 'GET /api/admin/player-sessions/suspicious', expect: ADMIN_ONLY },
  {
    route: 'GET /api/admin/player-sessions/player/{name}',
    expect: ADMIN_ONLY,
    call: () => ({ path: '/api/admin/player-sessions/player/Owner%20Alias' }),
  },
  {
    route: 'GET /api/admin/player-sessions/ip/{ip}',
    expect: ADMIN_ONLY,
    call: () => ({ path: '/api/admin/player-sessions/ip/127.0.0.1' }),
  },
  {
    route: 'GET /api/admin/player-sessions/{id}',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/player-sessions/${r.openSession}` }),
  },
  {
    route: 'GET /api/admin/player-sessions/{id}/score',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/player-sessions/${r.gameSession}/score` }),
  },
  {
    route: 'POST /api/admin/player-sessions/{id}/flag',
    expect: ADMIN_ONLY,
    call: (r) => ({
      path: `/api/admin/player-sessions/${r.openSession}/flag`,
      body: { reason: 'matrix' },
    }),
  },
  {
    route: 'POST /api/admin/player-sessions/{id}/unflag',
    expect: ADMIN_ONLY,
    call: (r) => ({
      path: `/api/admin/player-sessions/${r.openSession}/unflag`,
      body: { reason: 'matrix' },
    }),
  },

  // Submitting a game: only its owner (a repeat answers the stored score); nobody else learns it
  { route: 'POST /api/scores', expect: SESSION_OWNER, call: (r) => ({ body: claim(r) }) },
  {
    route: 'POST /api/weekly-leaderboards/record-score',
    expect: SESSION_OWNER,
    call: (r) => ({ body: claim(r) }),
  },
  {
    route: 'POST /api/seasonal-leaderboards/{id}/scores',
    expect: SESSION_OWNER,
    call: (r) => ({ path: `/api/seasonal-leaderboards/${r.runningSeason}/scores`, body: claim(r) }),
  },

  // Boards: public
  { route: 'GET /api/scores/top', expect: PUBLIC },
  {
    route: 'GET /api/scores/check-high-score',
    expect: PUBLIC,
    call: () => ({ path: '/api/scores/check-high-score?score=10' }),
  },
  {
    route: 'GET /api/scores/rank',
    expect: PUBLIC,
    call: () => ({ path: '/api/scores/rank?playerName=Owner%20Alias' }),
  },
  { route: 'GET /api/weekly-leaderboards', expect: PUBLIC },
  { route: 'GET /api/weekly-leaderboards/active', expect: PUBLIC },
  {
    route: 'GET /api/weekly-leaderboards/{id}/top-scores',
    expect: PUBLIC,
    call: (r) => ({ path: `/api/weekly-leaderboards/${r.week}/top-scores` }),
  },
  {
    route: 'GET /api/weekly-leaderboards/{id}/rank',
    expect: PUBLIC,
    call: (r) => ({ path: `/api/weekly-leaderboards/${r.week}/rank?playerName=Owner%20Alias` }),
  },
  { route: 'GET /api/seasonal-leaderboards', expect: PUBLIC },
  { route: 'GET /api/seasonal-leaderboards/active', expect: PUBLIC },
  {
    route: 'GET /api/seasonal-leaderboards/{id}/scores/top',
    expect: PUBLIC,
    call: (r) => ({ path: `/api/seasonal-leaderboards/${r.runningSeason}/scores/top` }),
  },
  {
    route: 'GET /api/seasonal-leaderboards/{id}/rank',
    expect: PUBLIC,
    call: (r) => ({
      path: `/api/seasonal-leaderboards/${r.runningSeason}/rank?playerName=Owner%20Alias`,
    }),
  },

  // Seasons, review and moderation: admin only
  {
    route: 'POST /api/admin/seasonal-leaderboards',
    expect: ADMIN_ONLY,
    call: () => ({ body: { name: 'Matrix later', startDate: soon(40), endDate: soon(45) } }),
  },
  {
    route: 'PATCH /api/admin/seasonal-leaderboards/{id}',
    expect: ADMIN_ONLY,
    call: (r) => ({
      path: `/api/admin/seasonal-leaderboards/${r.futureSeason}`,
      body: { name: 'Matrix renamed' },
    }),
  },
  {
    route: 'POST /api/admin/seasonal-leaderboards/{id}/end',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/seasonal-leaderboards/${r.runningSeason}/end` }),
  },
  { route: 'GET /api/admin/scores/held', expect: ADMIN_ONLY },
  {
    // The player's score is on the boards, not held: the admin passes and gets the rule.
    route: 'POST /api/admin/scores/{id}/clear',
    expect: adminOnly(422),
    call: (r) => ({ path: `/api/admin/scores/${r.score.id}/clear`, body: {} }),
  },
  {
    route: 'POST /api/admin/scores/{id}/reject',
    expect: adminOnly(422),
    call: (r) => ({ path: `/api/admin/scores/${r.score.id}/reject`, body: { reason: 'matrix' } }),
  },
  {
    route: 'POST /api/admin/banned-players',
    expect: ADMIN_ONLY,
    call: () => ({ body: { playerName: 'Matrix Cheat', reason: 'matrix' } }),
  },
  { route: 'GET /api/admin/banned-players', expect: ADMIN_ONLY },
  {
    route: 'DELETE /api/admin/banned-players/{name}',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/banned-players/${encodeURIComponent(r.bannedName)}` }),
  },
  {
    route: 'POST /api/admin/scores/{id}/void',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/scores/${r.score.id}/void`, body: { reason: 'matrix' } }),
  },
  {
    route: 'POST /api/scores/reset',
    expect: ADMIN_ONLY,
    call: () => ({ body: { reason: 'matrix' } }),
    remember: (r, json) => {
      r.resetId = String(json.id);
    },
  },
  {
    route: 'POST /api/scores/reset/{id}/restore',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/scores/reset/${r.resetId}/restore` }),
  },
  { route: 'GET /api/admin/scores/resets', expect: ADMIN_ONLY },
  { route: 'GET /api/admin/scores/audit', expect: ADMIN_ONLY },

  // Statistics
  {
    route: 'POST /api/stats/increment-play-count',
    expect: PUBLIC,
    call: () => ({ body: { hasAds: false } }),
  },
  { route: 'GET /api/stats/play-count', expect: PUBLIC },
  {
    route: 'POST /api/stats/record-completed-game',
    expect: PUBLIC,
    call: () => ({
      body: {
        sessionTime: 60,
        gameTime: 50,
        hasAds: false,
        adBlockerDetected: false,
        pointsMultiplier: 1,
      },
    }),
  },
  { route: 'GET /api/admin/stats/daily', expect: ADMIN_ONLY },
  { route: 'GET /api/admin/stats/new-users', expect: ADMIN_ONLY },
  { route: 'GET /api/admin/game-analytics', expect: ADMIN_ONLY },

  // Ads: an advertiser's orders and images are theirs alone
  { route: 'GET /api/ads/catalog', expect: PUBLIC },
  {
    route: 'POST /api/ads/images',
    expect: { guest: 401, other: 201, player: 201, admin: 201 },
    call: (r) => ({
      path: '/api/ads/images?kind=ball',
      bytes: r.pngBytes,
      headers: { 'content-type': 'image/png' },
    }),
  },
  {
    // The player's image: another account may not order with it.
    route: 'POST /api/ads/orders',
    expect: { guest: 401, other: 400, player: 201, admin: 400 },
    call: (r) => ({
      body: {
        kind: 'ball',
        color: 'blue',
        imageKey: r.order.imageKey,
        destinationUrl: 'https://example.com/matrix',
        runDays: 7,
      },
      headers: { 'idempotency-key': `matrix-${randomUUID()}` },
    }),
  },
  {
    route: 'GET /api/ads/orders/{id}',
    expect: { guest: 401, other: 404, player: 200, admin: 404 },
    call: (r) => ({ path: `/api/ads/orders/${r.order.orderId}` }),
  },
  {
    route: 'POST /api/ads/orders/{id}/checkout',
    expect: { guest: 401, other: 404, player: 200, admin: 404 },
    call: (r) => ({ path: `/api/ads/orders/${r.order.orderId}/checkout` }),
  },
  { route: 'GET /api/ads/mine', expect: SIGNED_IN },
  {
    // Stripe's, verified by its signature whoever sends it: an unsigned delivery is refused.
    route: 'POST /api/payments/stripe/webhook',
    expect: all(400),
    call: () => ({ body: { type: 'checkout.session.completed' } }),
  },
  {
    route: 'GET /api/media/{key}',
    expect: PUBLIC,
    call: (r) => ({ path: `/api/media/${r.order.mediaKey}` }),
  },
  { route: 'GET /api/admin/ads', expect: ADMIN_ONLY },
  { route: 'GET /api/admin/ads/stats', expect: ADMIN_ONLY },
  {
    route: 'POST /api/admin/ads/{id}/approve',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/ads/${r.reviewAd}/approve`, body: { startsAt: soon(1) } }),
  },
  {
    route: 'POST /api/admin/ads/{id}/schedule',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/ads/${r.reviewAd}/schedule`, body: { startsAt: soon(2) } }),
  },
  {
    route: 'POST /api/admin/ads/{id}/pause',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/ads/${r.reviewAd}/pause` }),
  },
  {
    route: 'POST /api/admin/ads/{id}/resume',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/ads/${r.reviewAd}/resume` }),
  },
  {
    route: 'POST /api/admin/ads/{id}/end',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/ads/${r.reviewAd}/end`, body: { refund: 'none' } }),
  },
  {
    route: 'POST /api/admin/ads/{id}/reject',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/ads/${r.rejectAd}/reject`, body: { reason: 'matrix' } }),
  },
  { route: 'GET /api/admin/icons', expect: ADMIN_ONLY },
  {
    route: 'POST /api/admin/icons/upload',
    expect: ADMIN_ONLY,
    call: () => ({ body: { color_code: 'green', svg_content: SVG } }),
  },
  {
    route: 'POST /api/admin/icons/delete',
    expect: ADMIN_ONLY,
    call: () => ({ body: { color_code: 'green' } }),
  },
  { route: 'GET /api/admin/icons/stats', expect: ADMIN_ONLY },

  // Serving: public; an impression counts only with its offer, a click follows one
  { route: 'GET /api/active-ads', expect: PUBLIC },
  { route: 'GET /api/icons', expect: PUBLIC },
  {
    route: 'GET /api/banner-ads',
    expect: all(204),
    call: () => ({ path: '/api/banner-ads?placement=footer' }),
  },
  {
    route: 'POST /api/ads/{id}/impression',
    expect: all(403),
    call: (r) => ({
      path: `/api/ads/${r.order.adId}/impression`,
      body: {},
      headers: { 'x-ad-offer': r.rewardOffer },
    }),
  },
  {
    route: 'POST /api/icons/{color}/impression',
    expect: all(403),
    call: (r) => ({
      path: '/api/icons/red/impression',
      body: {},
      headers: { 'x-ad-offer': r.rewardOffer },
    }),
  },
  {
    route: 'GET /api/ads/go/{offerId}',
    expect: all(302),
    call: (r) => ({ path: `/api/ads/go/${r.rewardOffer}` }),
  },

  // Updates and feedback
  { route: 'GET /api/updates', expect: PUBLIC },
  {
    route: 'GET /api/updates/{id}',
    expect: PUBLIC,
    call: (r) => ({ path: `/api/updates/${r.publishedUpdate}` }),
  },
  { route: 'GET /api/admin/updates', expect: ADMIN_ONLY },
  {
    route: 'GET /api/admin/updates/{id}',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/updates/${r.draftUpdate}` }),
  },
  {
    route: 'POST /api/admin/updates',
    expect: adminOnly(201),
    call: () => ({ body: { title: 'Matrix news', content: '<p>News</p>' } }),
  },
  {
    route: 'PUT /api/admin/updates/{id}',
    expect: ADMIN_ONLY,
    call: (r) => ({
      path: `/api/admin/updates/${r.draftUpdate}`,
      body: { title: 'Matrix put', content: '<p>Put</p>' },
    }),
  },
  {
    route: 'PATCH /api/admin/updates/{id}',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/updates/${r.draftUpdate}`, body: { title: 'Matrix patch' } }),
  },
  {
    route: 'POST /api/admin/updates/{id}/publish',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/updates/${r.draftUpdate}/publish`, body: {} }),
  },
  {
    route: 'POST /api/admin/updates/{id}/unpublish',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/updates/${r.draftUpdate}/unpublish` }),
  },
  {
    route: 'DELETE /api/admin/updates/{id}',
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/updates/${r.deletedUpdate}` }),
  },
  {
    route: 'POST /api/feedback',
    expect: all(201),
    call: (_r, as) => ({
      body: { name: `Matrix ${as}`, email: 'matrix@example.com', message: 'Hello' },
    }),
  },
  { route: 'GET /api/admin/feedback', expect: ADMIN_ONLY },
  ...(['read', 'unread', 'archive', 'unarchive'] as const).map((mark): Row => ({
    route: `POST /api/admin/feedback/{id}/${mark}`,
    expect: ADMIN_ONLY,
    call: (r) => ({ path: `/api/admin/feedback/${r.feedback}/${mark}` }),
  })),
];

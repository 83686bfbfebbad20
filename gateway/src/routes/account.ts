import { Router } from 'express';
import { z } from 'zod';
import { parseBody } from '@ballmatch/platform';
import type { authV1, scoresV1 } from '@ballmatch/proto';
import type { GatewayDeps } from '../context';
import { requireUser } from '../middleware/session';
import { pageQuery } from '../validation';
import { authRateLimit, userJson } from './auth';
import { boardJson, scoreJson, weeklyRowJson } from './score-json';
import { sessionJson } from './sessions';

/** A player's own game: the `Score` and what became of it (docs/api.md 'Your data'). */
function myScoreJson(s: scoresV1.MyScore) {
  return {
    ...scoreJson(s.score),
    reviewState: s.reviewState,
    voidedAt: s.voidedAt || null,
    weekId: s.weekId,
    seasonId: s.seasonId || null,
    reset: s.reset,
  };
}

/** A badge of the set, with when the player won it (null: not yet). */
const achievementJson = (a: authV1.Achievement) => ({
  id: a.id,
  name: a.name,
  description: a.description,
  awardedAt: a.awardedAt ?? null,
});

/** The export reads each service's pages at their largest. */
const EXPORT_SCORES_PAGE = 100;
const EXPORT_SESSIONS_PAGE = 100;

const deleteBody = z.object({
  // Absent is '': the auth service says what to type.
  confirmUsername: z.string({ error: 'confirmUsername must be text' }).max(100).default(''),
  currentPassword: z.string({ error: 'currentPassword must be text' }).max(1000).default(''),
  removeScores: z.boolean({ error: 'removeScores must be true or false' }).default(false),
});

/**
 * The signed-in player's own data (docs/api.md 'Your data'): their games, standing and
 * achievement badges for the dashboard, the JSON export, and deleting the account. Each
 * service checks the caller itself (the token goes with every call) and answers only that
 * account's data.
 */
export function accountRoutes(deps: GatewayDeps): Router {
  const { account, achievements, myScores, sessions, advertiser, cookies } = deps;
  const router = Router();
  // Deleting asks for the password, and an export reads every page: sign-in's limit.
  const authLimit = authRateLimit(deps);

  router.get('/user/scores', requireUser, async (req, res) => {
    const { page, limit } = pageQuery(req.query);
    const answer = await myScores.listMyScores({ page: page || 1, limit, offset: 0 });
    res.json({ data: answer.scores.map(myScoreJson), pagination: answer.pagination });
  });

  router.get('/user/standing', requireUser, async (_req, res) => {
    const s = await myScores.getMyStanding({});
    res.json({
      gamesOnBoards: s.gamesOnBoards,
      best: scoreJson(s.best),
      allTimeRank: s.allTimeRank || null,
      week: s.week ? boardJson(s.week) : null,
      weekly: weeklyRowJson(s.weekly),
      weeklyRank: s.weeklyRank || null,
    });
  });

  router.get('/user/achievements', requireUser, async (_req, res) => {
    const answer = await achievements.listAchievements({});
    res.json({ achievements: answer.achievements.map(achievementJson) });
  });

  router.get('/user/export', requireUser, authLimit, async (_req, res) => {
    const [user, scores, played, ads, badges] = await Promise.all([
      account.getCurrentUser({}),
      allMyScores(),
      allMySessions(),
      advertiser.listMyAds({}),
      achievements.listAchievements({}),
    ]);
    const exportedAt = new Date().toISOString();
    const username = user.user?.username ?? 'account';
    res.setHeader('Cache-Control', 'no-store');
    // Usernames are letters, digits, '_' and '-': safe in a file name as they are.
    res.attachment(`ballmatch-${username}-${exportedAt.slice(0, 10)}.json`);
    res.send(
      JSON.stringify(
        {
          exportedAt,
          account: userJson(user.user),
          scores: scores.map(myScoreJson),
          sessions: played.map(sessionJson),
          ads: ads.ads,
          achievements: badges.achievements.filter((a) => a.awardedAt).map(achievementJson),
        },
        null,
        2,
      ),
    );
  });

  router.delete('/user', requireUser, authLimit, async (req, res) => {
    const body = parseBody(deleteBody, req.body);
    await account.deleteAccount(body);
    // Every session of the account is signed out; this one's cookie goes too.
    cookies.clear(req, res);
    res.json({ message: 'Account deleted' });
  });

  async function allMyScores(): Promise<scoresV1.MyScore[]> {
    const all: scoresV1.MyScore[] = [];
    for (;;) {
      const page = await myScores.listMyScores({
        limit: EXPORT_SCORES_PAGE,
        offset: all.length,
        page: 0,
      });
      all.push(...page.scores);
      if (page.scores.length < EXPORT_SCORES_PAGE || all.length >= page.total) return all;
    }
  }

  async function allMySessions() {
    const all = [];
    for (let page = 1; ; page++) {
      const answer = await sessions.listMySessions({ page, limit: EXPORT_SESSIONS_PAGE });
      all.push(...answer.data);
      if (!answer.pagination?.hasNextPage) return all;
    }
  }

  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import { parseBody } from '@ballmatch/platform';
import type { GatewayDeps } from '../context';
import { readCache } from '../read-cache';
import { countQuery, optionalText, requiredText } from '../validation';
import {
  boardJson,
  rankJson,
  rankedRow,
  rankedScore,
  requiredQuery,
  scoreJson,
  submitClaim,
  weeklyRowJson,
} from './score-json';

const seasonBody = z.object({
  name: requiredText('name', 200),
  startDate: requiredText('startDate', 100),
  endDate: requiredText('endDate', 100),
});
const seasonPatch = z.object({
  name: optionalText('name', 200),
  startDate: optionalText('startDate', 100),
  endDate: optionalText('endDate', 100),
});

/**
 * Weekly and seasonal boards, rank around me, and the admin's seasons (docs/api.md, 'Weekly',
 * 'Seasonal' and 'Rank around me').
 */
export function leaderboardRoutes(deps: GatewayDeps): Router {
  const { leaderboards, scoresAdmin } = deps;
  const router = Router();
  const cache = readCache(deps);
  const id = (req: { params: Record<string, string | string[] | undefined> }) =>
    String(req.params.id);
  /** A board's top `?limit` rows, cached per board and limit. */
  const topOf = (
    path: string,
    key: string,
    load: (boardId: string, limit: number) => Promise<unknown>,
  ) =>
    router.get(path, async (req, res) => {
      const boardId = id(req);
      const limit = countQuery(req.query.limit, 'limit');
      await cache.sendJson(req, res, `${key}:${boardId}:${limit}`, () => load(boardId, limit));
    });
  /** A player's rank on a board, with `?radius` rows either side. */
  const rankOf = (
    path: string,
    rank: (boardId: string, around: { playerName: string; radius: number }) => Promise<unknown>,
  ) =>
    router.get(path, async (req, res) => {
      const boardId = id(req);
      const playerName = requiredQuery(req.query.playerName, 'playerName');
      const radius = countQuery(req.query.radius, 'radius');
      res.json(await rank(boardId, { playerName, radius }));
    });

  router.get('/weekly-leaderboards', async (req, res) => {
    await cache.sendJson(req, res, 'weeks', async () =>
      (await leaderboards.listWeeks({})).weeks.map(boardJson),
    );
  });

  router.get('/weekly-leaderboards/active', async (req, res) => {
    await cache.sendJson(req, res, 'week', async () =>
      boardJson((await leaderboards.activeWeek({})).week!),
    );
  });

  router.post('/weekly-leaderboards/record-score', async (req, res) => {
    res.json(await submitClaim(deps, req.body));
  });

  topOf('/weekly-leaderboards/:id/top-scores', 'weekly', async (weekId, limit) =>
    (await leaderboards.weeklyTop({ weekId, limit })).rows.map(weeklyRowJson),
  );
  rankOf('/weekly-leaderboards/:id/rank', async (weekId, around) =>
    rankJson(await leaderboards.weeklyRank({ weekId, ...around }), rankedRow),
  );

  router.get('/seasonal-leaderboards', async (req, res) => {
    await cache.sendJson(req, res, 'seasons', async () =>
      (await leaderboards.listSeasons({})).seasons.map(boardJson),
    );
  });

  router.get('/seasonal-leaderboards/active', async (req, res) => {
    await cache.sendJson(req, res, 'season', async () => {
      const active = (await leaderboards.activeSeason({})).season;
      return active ? boardJson(active) : null;
    });
  });

  topOf('/seasonal-leaderboards/:id/scores/top', 'season', async (seasonId, limit) =>
    (await leaderboards.seasonTop({ seasonId, limit })).scores.map(scoreJson),
  );
  rankOf('/seasonal-leaderboards/:id/rank', async (seasonId, around) =>
    rankJson(await leaderboards.seasonRank({ seasonId, ...around }), rankedScore),
  );

  router.post('/seasonal-leaderboards/:id/scores', async (req, res) => {
    res.json(await submitClaim(deps, req.body, id(req)));
  });

  router.post('/admin/seasonal-leaderboards', async (req, res) => {
    const body = parseBody(seasonBody, req.body);
    res.json(boardJson((await cache.afterWrite(scoresAdmin.createSeason(body))).season!));
  });

  router.patch('/admin/seasonal-leaderboards/:id', async (req, res) => {
    const body = parseBody(seasonPatch, req.body);
    res.json(
      boardJson(
        (await cache.afterWrite(scoresAdmin.updateSeason({ id: id(req), ...body }))).season!,
      ),
    );
  });

  router.post('/admin/seasonal-leaderboards/:id/end', async (req, res) => {
    res.json(boardJson((await cache.afterWrite(scoresAdmin.endSeason({ id: id(req) }))).season!));
  });

  return router;
}

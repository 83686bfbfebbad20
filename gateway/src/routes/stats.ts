import { Router } from 'express';
import { z } from 'zod';
import { parseBody } from '@ballmatch/platform';
import type { GatewayDeps } from '../context';
import { countQuery, dateRange } from '../validation';

const flag = (field: string) =>
  z.boolean({
    error: (issue) =>
      issue.input === undefined ? `${field} is required` : `${field} must be true or false`,
  });
const seconds = (field: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined ? `${field} is required` : `${field} must be a number of seconds`,
  });

const playBody = z.object({ hasAds: flag('hasAds').optional() });
const completedBody = z.object({
  sessionTime: seconds('sessionTime'),
  gameTime: seconds('gameTime'),
  hasAds: flag('hasAds'),
  adIds: z
    .array(z.union([z.string().max(100), z.number()]), { error: 'adIds must be a list of ids' })
    .max(50, { error: 'adIds must list at most 50 ids' })
    .nullish(),
  adBlockerDetected: flag('adBlockerDetected'),
  pointsMultiplier: z.number({ error: 'pointsMultiplier must be a number' }),
});

/** Play statistics and the admin dashboard's daily figures (docs/api.md, 'Statistics'). */
export function statsRoutes({ stats, scoresAdmin, accountAdmin }: GatewayDeps): Router {
  const router = Router();

  router.post('/stats/increment-play-count', async (req, res) => {
    const body = parseBody(playBody, req.body ?? {});
    res.json(await stats.incrementPlayCount({ hasAds: body.hasAds ?? false }));
  });

  router.get('/stats/play-count', async (_req, res) => {
    res.json(await stats.getPlayCount({}));
  });

  // Kept for the product's API: checked and answered, but completed games are counted from the
  // ranked games the sessions service finished, never from this report.
  router.post('/stats/record-completed-game', async (req, res) => {
    const body = parseBody(completedBody, req.body);
    await stats.recordCompletedGame({ ...body, adIds: (body.adIds ?? []).map(String) });
    res.json({ recorded: true });
  });

  router.get('/admin/stats/daily', async (req, res) => {
    const { days } = await scoresAdmin.dailyStats({
      days: countQuery(req.query.days, 'days'),
    });
    res.json(days);
  });

  // Players registered per day (the auth service's count).
  router.get('/admin/stats/new-users', async (req, res) => {
    res.json(await accountAdmin.getNewUsers(dateRange(req.query)));
  });

  return router;
}

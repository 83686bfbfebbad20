import { Router } from 'express';
import { z } from 'zod';
import { parseBody } from '@ballmatch/platform';
import type { GatewayDeps } from '../context';
import { readCache } from '../read-cache';
import { requireAdmin } from '../middleware/session';
import { countQuery, optionalText, requiredText, wireIntegerQuery } from '../validation';
import { rankJson, rankedScore, requiredQuery, scoreJson, submitClaim } from './score-json';

const reasonBody = z.object({ reason: requiredText('reason', 500) });
const banBody = z.object({
  playerName: requiredText('playerName', 200),
  reason: requiredText('reason', 500),
});
const resetBody = z.object({ reason: optionalText('reason', 500) });

const resetJson = (r: {
  id: string;
  reason: string;
  scoresRemoved: number;
  createdAt: string;
  restoredAt: string;
}) => ({ ...r, restoredAt: r.restoredAt || null });

/**
 * All-time scores (docs/api.md, 'Scores and leaderboards') and their moderation. Every admin
 * call is checked here (the /admin guard, or requireAdmin for /api/scores/reset, which is not
 * under /admin) and again by the scores service, which verifies the caller's token itself.
 */
export function scoreRoutes(deps: GatewayDeps): Router {
  const { scores, scoresAdmin } = deps;
  const router = Router();
  const cache = readCache(deps);

  router.post('/scores', async (req, res) => {
    res.json(await submitClaim(deps, req.body));
  });

  router.get('/scores/top', async (req, res) => {
    const limit = countQuery(req.query.limit, 'limit');
    await cache.sendJson(req, res, `top:${limit}`, async () =>
      (await scores.topScores({ limit })).scores.map(scoreJson),
    );
  });

  router.get('/scores/check-high-score', async (req, res) => {
    const score = wireIntegerQuery(req.query.score, 'score', 'int64');
    res.json(await scores.checkHighScore({ score }));
  });

  router.get('/scores/rank', async (req, res) => {
    const answer = await scores.allTimeRank({
      playerName: requiredQuery(req.query.playerName, 'playerName'),
      radius: countQuery(req.query.radius, 'radius'),
    });
    res.json(rankJson(answer, rankedScore));
  });

  router.post('/scores/reset', requireAdmin, async (req, res) => {
    const body = parseBody(resetBody, req.body ?? {});
    res.json(
      resetJson(
        (await cache.afterWrite(scoresAdmin.resetAllTime({ reason: body.reason ?? '' }))).reset!,
      ),
    );
  });

  router.post('/scores/reset/:id/restore', requireAdmin, async (req, res) => {
    res.json(
      resetJson(
        (await cache.afterWrite(scoresAdmin.restoreReset({ resetId: String(req.params.id) })))
          .reset!,
      ),
    );
  });

  router.get('/admin/scores/resets', async (_req, res) => {
    const { resets } = await scoresAdmin.listResets({});
    res.json(resets.map(resetJson));
  });

  router.get('/admin/scores/audit', async (req, res) => {
    const { entries } = await scoresAdmin.listAudit({
      limit: countQuery(req.query.limit, 'limit'),
    });
    res.json(entries.map((e) => ({ ...e, details: JSON.parse(e.details || '{}') })));
  });

  router.post('/admin/scores/:id/void', async (req, res) => {
    const body = parseBody(reasonBody, req.body);
    const voided = await cache.afterWrite(
      scoresAdmin.voidScore({
        scoreId: String(req.params.id),
        reason: body.reason,
      }),
    );
    res.json({ score: scoreJson(voided.score), voidedAt: voided.voidedAt, reason: voided.reason });
  });

  router.get('/admin/banned-players', async (_req, res) => {
    res.json((await scoresAdmin.listBannedPlayers({})).players);
  });

  router.post('/admin/banned-players', async (req, res) => {
    const body = parseBody(banBody, req.body);
    res.json((await cache.afterWrite(scoresAdmin.banPlayer(body))).player);
  });

  router.delete('/admin/banned-players/:name', async (req, res) => {
    const playerName = String(req.params.name);
    await cache.afterWrite(scoresAdmin.unbanPlayer({ playerName }));
    res.json({ playerName, banned: false });
  });

  return router;
}

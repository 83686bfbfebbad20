import { Router } from 'express';
import { z } from 'zod';
import { parseBody } from '@ballmatch/platform';
import type { GatewayDeps } from '../context';
import { readCache } from '../read-cache';
import { countQuery, optionalText, requiredText, uuidParam } from '../validation';
import { reviewedJson } from './score-json';

const clearBody = z.object({ reason: optionalText('reason', 500) });
const rejectBody = z.object({ reason: requiredText('reason', 500) });

/**
 * Review of held scores (docs/api.md, 'Review'): under /api/admin, so the gateway's admin
 * guard checks the caller first, and the scores service checks again.
 */
export function reviewRoutes(deps: GatewayDeps): Router {
  const { scoresAdmin } = deps;
  const router = Router();
  const cache = readCache(deps);

  router.get('/admin/scores/held', async (req, res) => {
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    const { scores } = await scoresAdmin.listHeldScores({
      state,
      limit: countQuery(req.query.limit, 'limit'),
    });
    res.json(scores.map(reviewedJson));
  });

  // Player tracking: the score a session's game yielded (to void it from the session).
  router.get('/admin/player-sessions/:id/score', async (req, res) => {
    const { score, voidedAt, voidReason } = await scoresAdmin.getSessionScore({
      sessionId: uuidParam(req.params.id, 'id', 'a session id'),
    });
    res.json({
      ...reviewedJson(score),
      voidedAt: voidedAt || null,
      voidReason: voidReason || null,
    });
  });

  router.post('/admin/scores/:id/clear', async (req, res) => {
    const body = parseBody(clearBody, req.body ?? {});
    // The boards may show it now.
    const { score } = await cache.afterWrite(
      scoresAdmin.clearScore({ scoreId: String(req.params.id), reason: body.reason ?? '' }),
    );
    res.json(reviewedJson(score));
  });

  router.post('/admin/scores/:id/reject', async (req, res) => {
    const body = parseBody(rejectBody, req.body);
    const { score } = await scoresAdmin.rejectScore({
      scoreId: String(req.params.id),
      reason: body.reason,
    });
    res.json(reviewedJson(score));
  });

  return router;
}

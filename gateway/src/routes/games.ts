import { Router, type Request } from 'express';
import { gameActionBody, parseBody, type GameActionBody } from '@ballmatch/platform';
import type { sessionsV1 } from '@ballmatch/proto';
import type { GatewayDeps } from '../context';
import { requireUser } from '../middleware/session';
import { uuidParam } from '../validation';
import { gameOffers } from './ad-serving';
import { orNone } from './none-found';

/**
 * Ranked games held by the sessions service (docs/api.md 'Ranked games'): the browser sends each
 * action and animates what the server answers. Every call about a session carries its
 * credential in the `X-Session-Credential` header (forwarded to the service in call metadata by
 * the request context), or comes from the signed-in account that started it. The action's
 * schema is the platform's `gameActionBody`, which the sessions service's game socket
 * (`/ws/game`) checks too.
 */

function toRequest(id: string, body: GameActionBody): sessionsV1.PlayActionRequest {
  const { action, seq } = body;
  switch (action.type) {
    case 'swap':
      return { id, seq, action: { $case: 'swap', value: { from: action.from, to: action.to } } };
    case 'reset':
      return { id, seq, action: { $case: 'reset', value: {} } };
    case 'extraMoves':
      return { id, seq, action: { $case: 'extraMoves', value: {} } };
    case 'end':
      return { id, seq, action: { $case: 'end', value: {} } };
  }
}

/**
 * A game as the page reads it: `result` (sessions' signed result, sent with the score) only
 * once the game has ended, as the game socket's answers have it.
 */
export function gameJson(game: sessionsV1.Game | undefined) {
  if (!game) return game;
  const { result, ...rest } = game;
  return result ? { ...rest, result } : rest;
}

const idParam = (req: Request) => uuidParam(req.params.id, 'id', 'a session id');

export function gameRoutes(deps: GatewayDeps): Router {
  const { sessions } = deps;
  const router = Router();

  // Save progress: the signed-in player's unfinished game, from any device (with new offers).
  // None is the usual answer on every page load, not an error: 204, as /banner-ads.
  router.get('/player-sessions/current', requireUser, async (req, res) => {
    const resumed = await orNone(sessions.resumeGame({}));
    if (!resumed) {
      res.status(204).end();
      return;
    }
    res.json({
      ...resumed,
      game: gameJson(resumed.game),
      offers: await gameOffers(deps, req, resumed.id),
    });
  });

  router.post('/player-sessions/:id/actions', async (req, res) => {
    const id = idParam(req);
    const answer = await sessions.playAction(toRequest(id, parseBody(gameActionBody, req.body)));
    res.json({ ...answer, game: gameJson(answer.game), levelUp: answer.levelUp ?? null });
  });

  router.get('/player-sessions/:id/game', async (req, res) => {
    res.json(gameJson((await sessions.getGame({ id: idParam(req) })).game));
  });

  return router;
}

// Player sessions and their ranked games (docs/product.md 'Player sessions', docs/api.md 'Player
// sessions' and 'Ranked games'). Creating a session starts the game the server holds; its answer
// carries the session's credential, which this page keeps in memory only and sends as
// `X-Session-Credential` on every later call about the session. A game resumed from the
// signed-in account (save progress) has no credential: the account's cookie stands for it.
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
import { readOffers, type GameOffers } from '../model/ad-offers';
import {
  readAnswer,
  readGame,
  type ActionAnswer,
  type GameView,
  type PlayerAction,
} from '../model/game-view';
import { credentialHeaders } from './session-credential';

export interface CreatedSession {
  id: string;
  /** '' when the account that owns the game stands for it. */
  credential: string;
  game: GameView;
  /** The game's ads (faces and the 'Watch Ad' reward); null when the server made none. */
  offers: GameOffers | null;
}

export interface ResumedGame {
  id: string;
  playerName: string;
  game: GameView;
  offers: GameOffers | null;
}

export interface SessionFigures {
  totalScore: number;
  matchCount: number;
  moveCount: number;
  averageMoveDuration: number;
  playerName: string;
  /** Client timestamps (ms) of the moves since the previous update, at most 1000. */
  moveTimestamps?: number[];
  suspiciousFlags?: Array<{ type: 'SUSPICIOUS_TIMING'; details: string }>;
  endingSession?: true;
}

export const MAX_TIMESTAMPS_PER_UPDATE = 1000;

const sessionPath = (id: string) => `${apiPaths.playerSessions}/${encodeURIComponent(id)}`;

/** POST /api/player-sessions → {id, credential, game, offers}. Throws when no game can be had. */
export async function createPlayerSession(body: {
  playerName: string;
  sessionId: string;
  deviceFingerprint: string;
}): Promise<CreatedSession> {
  // The player is waiting: one quick retry, not the full 3 × 5 s.
  const answer = await api.post<Record<string, unknown> | null>(apiPaths.playerSessions, body, {
    retries: 1,
    timeoutMs: 4000,
  });
  if (!answer || typeof answer.id !== 'string' || typeof answer.credential !== 'string') {
    throw new Error('The session answer has no id or credential');
  }
  return {
    id: answer.id,
    credential: answer.credential,
    game: readGame(answer.game),
    offers: readOffers(answer.offers),
  };
}

/**
 * GET /api/player-sessions/current: the signed-in player's unfinished game, on any device, with
 * fresh offers when the answer has them; null for nobody signed in (401) or no game in progress
 * (204). Throws on other failures.
 */
export async function getCurrentGame(): Promise<ResumedGame | null> {
  const answer = await api.get<Record<string, unknown> | null>(apiPaths.currentGame, {
    retries: 1,
    timeoutMs: 4000,
    on401: 'returnNull',
  });
  if (!answer) return null;
  if (typeof answer.id !== 'string') throw new Error('The current game has no session id');
  return {
    id: answer.id,
    playerName: typeof answer.playerName === 'string' ? answer.playerName : '',
    game: readGame(answer.game),
    offers: readOffers(answer.offers),
  };
}

/**
 * POST /api/player-sessions/{id}/actions. Lost answers (timeouts, network failures, 5xx) are
 * retried with the same body, so the same `seq`: the server answers a repeat exactly as the
 * first time and applies it once. Throws the last failure, or an ApiError (422 for a refused
 * action or an out-of-date `seq`).
 */
export async function playSessionAction(
  id: string,
  credential: string,
  body: { seq: number; action: PlayerAction },
): Promise<ActionAnswer> {
  const answer = await api.post<unknown>(`${sessionPath(id)}/actions`, body, {
    retries: 5,
    headers: credentialHeaders(credential),
  });
  return readAnswer(answer);
}

/** GET /api/player-sessions/{id}/game: the game as the server holds it (to resynchronise). */
export async function getSessionGame(id: string, credential: string): Promise<GameView> {
  const answer = await api.get<unknown>(`${sessionPath(id)}/game`, {
    retries: 3,
    headers: credentialHeaders(credential),
  });
  return readGame(answer);
}

/** PATCH /api/player-sessions/{id}; never throws. */
export async function updatePlayerSession(
  id: string,
  credential: string,
  figures: SessionFigures,
): Promise<void> {
  const body = {
    ...figures,
    moveTimestamps: figures.moveTimestamps?.slice(-MAX_TIMESTAMPS_PER_UPDATE),
  };
  try {
    await api.patch(sessionPath(id), body, { retries: 1, headers: credentialHeaders(credential) });
  } catch (error) {
    console.warn(
      '[session] update failed (ignored):',
      error instanceof Error ? error.message : error,
    );
  }
}

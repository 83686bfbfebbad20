import { randomUUID } from 'node:crypto';
import type { TestClock } from '@ballmatch/platform/testing';
import {
  playOut,
  type PlayedAnswer,
  type PlayOptions,
  type ShownGame,
} from '../../services/scores/test/play';
import {
  openGameSocket,
  type GameSocketClient,
} from '../../services/sessions/test/game-socket-client';
import { followOffer, type Client } from './ads-support';
import { client } from './stack';

/**
 * A ranked game played over HTTP as the browser plays it: a session, then one action at a time
 * (POST /api/player-sessions/{id}/actions with its X-Session-Credential, or with `overSocket`
 * over the gateway's /ws/game, as the page sends them), the sessions service's test clock moved
 * between actions (a person's uneven pace unless `gapMs` says). The extra moves are earned as
 * the browser earns them: the game's reward ad is followed first.
 */
export interface RankedGame {
  playerName: string;
  sessionId: string;
  /** The header every later call about the session carries (a submission too). */
  owner: { 'x-session-credential': string };
  score: number;
  level: number;
  moves: number;
  status: string;
  /** Once ended: its result as sessions signed it (the page submits it with the score). */
  result?: string;
}

let played = 0;

export async function playRankedGame(
  base: string,
  sessionsClock: TestClock,
  playerName: string,
  options: Partial<Omit<PlayOptions, 'advance'>> & { overSocket?: boolean } = {},
  c = client(base),
): Promise<RankedGame> {
  played += 1;
  const created = await c.post('/api/player-sessions', {
    playerName,
    sessionId: randomUUID(),
    deviceFingerprint: 'f'.repeat(50),
  });
  if (created.status !== 200) throw new Error(`session: ${created.status} ${created.text}`);
  const { id, credential, game, offers } = created.json as {
    id: string;
    credential: string;
    game: ShownGame;
    offers: { reward: { id: string } };
  };
  const owner = { 'x-session-credential': credential };
  // The socket's message limit counts real seconds while this game's minutes pass in
  // milliseconds: a new socket every 30 actions.
  const openSocket = () =>
    openGameSocket(`${base.replace(/^http/, 'ws')}/ws/game`, { origin: base });
  let socket: GameSocketClient | null = null;
  let sent = 0;
  const final = await playOut(
    game,
    async (seq, action) => {
      if (action.type === 'extraMoves') await followOffer(base, offers.reward.id);
      if (options.overSocket) {
        if (sent++ % 30 === 0) {
          socket?.close();
          socket = await openSocket();
        }
        const frame = await socket!.ask({ type: 'action', session: id, seq, credential, action });
        if (frame.type !== 'answer') throw new Error(`action: ${JSON.stringify(frame)}`);
        return frame.answer as unknown as PlayedAnswer;
      }
      const res = await c.post(`/api/player-sessions/${id}/actions`, { seq, action }, owner);
      if (res.status !== 200) throw new Error(`action: ${res.status} ${res.text}`);
      return res.json as unknown as PlayedAnswer;
    },
    { rngSeed: played, ...options, advance: (ms) => sessionsClock.advance(ms) },
  ).finally(() => socket?.close());
  return {
    playerName,
    sessionId: id,
    owner,
    score: final.score,
    level: final.level!.currentLevel,
    moves: final.totalMoves,
    status: final.status,
    result: final.result,
  };
}

/**
 * A ranked game played to its end by `player` under `playerName` (the sessions clock set to now
 * first) and submitted to /api/scores with its credential: the new score.
 */
export async function playAndSubmit(
  base: string,
  sessionsClock: TestClock,
  player: Client,
  playerName: string,
) {
  sessionsClock.set(Date.now());
  const game = await playRankedGame(base, sessionsClock, playerName, {}, player);
  const res = await player.post(
    '/api/scores',
    { playerName, score: game.score, level: game.level, sessionId: game.sessionId },
    game.owner,
  );
  if (res.status !== 200) throw new Error(`submit: ${res.status} ${res.text}`);
  return res.json as { id: string; score: number; level: number };
}

/**
 * The submission body of a game as older clients send it: no `result`, so the game is read from
 * the sessions service (`moves` is the client's count; the service ignores it then).
 */
export const claimOf = (game: RankedGame, override: Record<string, unknown> = {}) => ({
  playerName: game.playerName,
  score: game.score,
  level: game.level,
  moves: game.moves,
  sessionId: game.sessionId,
  ...override,
});

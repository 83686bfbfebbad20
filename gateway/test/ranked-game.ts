import {
  actionsPath,
  playOut,
  rankedGameOf,
  startRankedGame,
  submissionOf,
  type PlayedAnswer,
  type PlayOptions,
  type Post,
  type RankedGame as PlayedGame,
} from '@ballmatch/kit';
import type { TestClock } from '@ballmatch/platform/testing';
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
 * the browser earns them: the game's reward ad is followed first. The session's start, its
 * paths, the player (playOut) and the submission are @ballmatch/kit's.
 */
export interface RankedGame extends PlayedGame<{ reward: { id: string } }> {
  status: string;
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
  const post: Post = async (path, body, headers) => {
    const res = await c.post(path, body, headers);
    if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
    return res.json;
  };
  const started = await startRankedGame<RankedGame['offers']>(post, playerName, 'f'.repeat(50));
  const { sessionId: id, credential, owner, game, offers } = started;
  // The socket's message limit counts real seconds while this game's minutes pass in
  // milliseconds: a new socket every 30 actions.
  const openSocket = () =>
    openGameSocket(`${base.replace(/^http/, 'ws')}/ws/game`, { origin: base });
  let socket: GameSocketClient | null = null;
  let sent = 0;
  const final = await playOut(
    game,
    async (seq, action) => {
      if (action.type === 'extraMoves') await followOffer(base, offers!.reward.id);
      if (options.overSocket) {
        if (sent++ % 30 === 0) {
          socket?.close();
          socket = await openSocket();
        }
        const frame = await socket!.ask({ type: 'action', session: id, seq, credential, action });
        if (frame.type !== 'answer') throw new Error(`action: ${JSON.stringify(frame)}`);
        return frame.answer as unknown as PlayedAnswer;
      }
      return (await post(actionsPath(id), { seq, action }, owner)) as PlayedAnswer;
    },
    { rngSeed: played, ...options, advance: (ms) => sessionsClock.advance(ms) },
  ).finally(() => socket?.close());
  return { ...rankedGameOf(started, final), status: final.status };
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
  const res = await player.post('/api/scores', claimOf(game), game.owner);
  if (res.status !== 200) throw new Error(`submit: ${res.status} ${res.text}`);
  return res.json as { id: string; score: number; level: number };
}

/**
 * The submission body of a game as older clients send it: no `result`, so the game is read from
 * the sessions service (`moves` is the client's count; the service ignores it then).
 */
export const claimOf = (game: RankedGame, override: Record<string, unknown> = {}) =>
  submissionOf({ ...game, result: undefined }, override).body;

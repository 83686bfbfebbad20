import { randomBytes, randomUUID } from 'node:crypto';
import { findMoves, gridFromCells, type Color } from '@ballmatch/engine';
import type { APIRequestContext } from 'playwright-core';

/**
 * A ranked game played through the API as the browser plays it (a session, then one action at
 * a time with the session's credential), short enough that the server's timing rule does not
 * judge it: four swaps, then the player ends it. A journey that needs a score on the boards
 * uses it; the server times actions by its own clock, and a script plays faster than a person,
 * so a longer game would be held for review.
 */
export interface ApiGame {
  sessionId: string;
  /** The header every later call about the session carries (the submission too). */
  owner: { 'x-session-credential': string };
  score: number;
  level: number;
  moves: number;
}

interface ShownGame {
  grid: string[];
  score: number;
  level: { currentLevel: number };
  totalMoves: number;
  status: string;
  hasMoves: boolean;
  seq: number;
}

export async function postOk(
  request: APIRequestContext,
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
) {
  const response = await request.post(path, { data, headers });
  if (response.status() !== 200) {
    throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  }
  return response.json();
}

export async function playApiGame(
  request: APIRequestContext,
  playerName: string,
): Promise<ApiGame> {
  const created = (await postOk(request, '/api/player-sessions', {
    playerName,
    sessionId: randomUUID(),
    deviceFingerprint: randomBytes(25).toString('hex'),
  })) as { id: string; credential: string; game: ShownGame };
  const owner = { 'x-session-credential': created.credential };
  let game = created.game;
  const act = async (action: object) => {
    const answer = await postOk(
      request,
      `/api/player-sessions/${created.id}/actions`,
      { seq: game.seq, action },
      owner,
    );
    game = (answer as { game: ShownGame }).game;
  };
  for (let turn = 0; turn < 4 && game.status === 'active' && game.hasMoves; turn++) {
    const moves = findMoves({ grid: gridFromCells(game.grid as Color[]) });
    await act({ type: 'swap', ...moves[(turn * 7) % moves.length]! });
  }
  if (game.status !== 'ended') await act({ type: 'end' });
  return {
    sessionId: created.id,
    owner,
    score: game.score,
    level: game.level.currentLevel,
    moves: game.totalMoves,
  };
}

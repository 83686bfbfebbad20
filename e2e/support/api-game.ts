import { randomBytes } from 'node:crypto';
import { playShortGame, submissionOf, type RankedGame } from '@ballmatch/kit';
import type { APIRequestContext } from 'playwright-core';

/**
 * A ranked game played through the API as the browser plays it: @ballmatch/kit's ranked-game
 * client over a page's request context (its cookies: a signed-in player's game is theirs). It
 * is short enough that the server's timing rule does not judge it (four swaps, then the
 * player ends it): a journey that needs a score on the boards uses it.
 */
export type ApiGame = RankedGame;

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

export function playApiGame(request: APIRequestContext, playerName: string): Promise<ApiGame> {
  return playShortGame((path, body, headers) => postOk(request, path, body, headers), playerName, {
    deviceFingerprint: randomBytes(25).toString('hex'),
  });
}

/**
 * Submits the game's score (POST /api/scores) as older clients do, without its signed result
 * (the scores service reads the game from sessions); the accepted score's JSON.
 */
export function submitApiGame(request: APIRequestContext, game: ApiGame) {
  const { path, body, headers } = submissionOf({ ...game, result: undefined });
  return postOk(request, path, body, headers);
}

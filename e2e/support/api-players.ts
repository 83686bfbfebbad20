// Players and advertisers through the HTTP API (support/http-client.ts), as the browser would
// act: a short ranked game held by the server and its verified score, and an ad ordered, paid
// on the Stripe stand-in's hosted page (whose webhook reaches the site) and approved.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Color } from '@ballmatch/engine';
import {
  playShortGame as playRankedGame,
  submissionOf as signedSubmissionOf,
  type RankedGame,
} from '@ballmatch/kit';
import { AD_FACE_PNG } from './ads';
import type { ApiClient } from './http-client';

/** A finished ranked game, with its ad offers (null: ads were down when it started). */
export type PlayedGame = RankedGame<{ faces: Array<{ id: string; kind: string; adId: string }> }>;

/**
 * A ranked game of four swaps then `end` (short enough that the server's timing rule does not
 * hold a script's pace), each step through `client`: @ballmatch/kit's ranked-game client.
 */
export function playShortGame(client: ApiClient, playerName: string): Promise<PlayedGame> {
  return playRankedGame(
    (path, body, headers) => client.postOk(path, body, { headers }),
    playerName,
    { deviceFingerprint: randomBytes(25).toString('hex') },
  );
}

/**
 * The game's submission (POST /api/scores) without its signed result, as older clients send it
 * (the scores service reads the game from sessions).
 */
export function submissionOf(game: PlayedGame) {
  return signedSubmissionOf({ ...game, result: undefined });
}

export async function register(client: ApiClient, prefix: string) {
  const id = randomBytes(5).toString('hex');
  const account = {
    username: `${prefix}_${id}`.slice(0, 20),
    email: `${prefix}.${id}@example.com`,
    password: `pw-${randomBytes(8).toString('hex')}`,
  };
  await client.postOk('/api/register', account);
  return account;
}

export interface OrderedAd {
  id: string;
  orderId: string;
  state: string;
}

/** Uploads the cyan ball face and orders a 1-day ball ad of `color` (a fresh idempotency key). */
export async function orderBallAd(advertiser: ApiClient, color: Color): Promise<OrderedAd> {
  const image = await advertiser.request<{ key: string }>('POST', '/api/ads/images?kind=ball', {
    body: new Uint8Array(fs.readFileSync(AD_FACE_PNG)),
    headers: { 'content-type': 'image/png' },
  });
  if (image.status !== 201) throw new Error(`upload: ${image.status} ${image.text}`);
  return advertiser.postOk<OrderedAd>(
    '/api/ads/orders',
    {
      kind: 'ball',
      color,
      imageKey: image.json.key,
      destinationUrl: 'https://example.com/scale',
      runDays: 1,
    },
    { headers: { 'idempotency-key': `order-${randomUUID()}` }, expected: 201 },
  );
}

/**
 * Checkout, then 'Pay' on the stand-in's hosted page (`standInBase`): it marks the session
 * paid and posts the signed webhook to the site. Resolves with the hosted page's session id.
 */
export async function payOnHostedPage(
  advertiser: ApiClient,
  ad: OrderedAd,
  standInBase: string,
): Promise<string> {
  const { checkoutUrl } = await advertiser.postOk<{ checkoutUrl: string }>(
    `/api/ads/orders/${ad.orderId}/checkout`,
  );
  const sessionId = new URL(checkoutUrl).pathname.split('/').pop()!;
  const paid = await fetch(`${standInBase}/pay/${sessionId}`, {
    method: 'POST',
    redirect: 'manual',
  });
  if (paid.status !== 302 && paid.status !== 303) throw new Error(`pay: ${paid.status}`);
  return sessionId;
}

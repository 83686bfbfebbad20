// Real data for the pages that show data, made through the public API of the run's stack: a
// published update, a feedback message, a ranked game submitted by a registered player (who
// also wins badges with it), and that player's ball ad and banner ad, each paid on the Stripe
// stand-in and awaiting an admin's review.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext } from 'playwright-core';
import { AD_BANNER_PNG, AD_FACE_PNG } from './ads';
import { playApiGame, postOk, submitApiGame } from './api-game';
import { STACK_ENV } from './stack-info';

export interface SiteData {
  updateId: string;
  updateTitle: string;
  feedbackMessage: string;
  /** The player's ranked game, on the boards. */
  game: { sessionId: string; score: number };
  /** The player's ball ad (a banner ad awaits review too). */
  ad: PaidAd;
}

interface PaidAd {
  id: string;
  orderId: string;
}

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string) {
  if (response.status() !== 201) {
    throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** A published update with a bold word, written by the admin. */
async function publishUpdate(admin: APIRequestContext) {
  const title = `Every route ${randomBytes(3).toString('hex')}`;
  const update = await created<{ id: string }>(
    await admin.post('/api/admin/updates', {
      data: { title, content: '<p>Weekly prizes for the <strong>top 10</strong>.</p>' },
    }),
    'POST /api/admin/updates',
  );
  await postOk(admin, `/api/admin/updates/${update.id}/publish`, {});
  return { updateId: update.id, updateTitle: title };
}

/** An ad ordered by the player and paid through the stand-in's hosted page (its webhook). */
async function paidAd(player: APIRequestContext, kind: 'ball' | 'banner'): Promise<PaidAd> {
  const image = await created<{ key: string }>(
    await player.post(`/api/ads/images?kind=${kind}`, {
      data: fs.readFileSync(kind === 'ball' ? AD_FACE_PNG : AD_BANNER_PNG),
      headers: { 'content-type': 'image/png' },
    }),
    'POST /api/ads/images',
  );
  const order = await created<PaidAd>(
    await player.post('/api/ads/orders', {
      data: {
        kind,
        ...(kind === 'ball' && { color: 'green' }),
        imageKey: image.key,
        destinationUrl: 'https://example.com/every-route',
        runDays: 1,
      },
      headers: { 'idempotency-key': randomUUID() },
    }),
    'POST /api/ads/orders',
  );
  const { checkoutUrl } = (await postOk(
    player,
    `/api/ads/orders/${order.orderId}/checkout`,
    {},
  )) as { checkoutUrl: string };
  // 'Pay' on the hosted page, sent straight to the stand-in: it posts the signed webhook.
  const standIn = process.env[STACK_ENV.stripeApiBase];
  if (!standIn) throw new Error(`${STACK_ENV.stripeApiBase} is not set`);
  const paid = await player.post(`${standIn}${new URL(checkoutUrl).pathname}`, {
    maxRedirects: 0,
  });
  if (paid.status() !== 303) throw new Error(`paying: ${paid.status()} ${await paid.text()}`);
  return { id: order.id, orderId: order.orderId };
}

/** Makes the data; `admin` and `player` are signed-in request contexts. */
export async function makeSiteData(
  admin: APIRequestContext,
  player: APIRequestContext,
  playerName: string,
): Promise<SiteData> {
  const update = await publishUpdate(admin);
  const feedbackMessage = `The board froze on level ${randomBytes(2).readUInt16BE()}.`;
  const sent = await player.post('/api/feedback', {
    data: { name: 'Ann', email: 'ann@example.com', message: feedbackMessage },
  });
  await created(sent, 'POST /api/feedback');

  const game = await playApiGame(player, playerName);
  await submitApiGame(player, game);
  const ad = await paidAd(player, 'ball');
  await paidAd(player, 'banner');
  return { ...update, feedbackMessage, game, ad };
}

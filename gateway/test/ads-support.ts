import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { client, type Stack } from './stack';

/** A test's HTTP client (a cookie jar of one session). */
export type Client = ReturnType<typeof client>;

/** An Ad as the API answers it (the fields these tests read). */
export interface AdJson {
  id: string;
  kind: string;
  color: string;
  imageUrl: string;
  destinationUrl: string;
  state: string;
  priceCents: number;
  refundedCents: number;
  impressions: number;
  clicks: number;
  orderId: string;
}

/** A game's ad offers as POST /api/player-sessions answers them. */
export interface GameOffers {
  faces: { id: string; kind: string; adId: string; color: string; imageUrl: string }[];
  reward: { id: string; kind: string; adId: string; imageUrl: string };
  expiresAt: string;
}

/** A PNG of this size in one colour. */
export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a7ae0' } })
    .png()
    .toBuffer();
}

/** POST /api/ads/images?kind= with the raw bytes, as the signed-in `c`. */
export async function uploadImage(
  base: string,
  c: Client,
  kind: string,
  bytes: Buffer,
  contentType = 'image/png',
) {
  const res = await fetch(`${base}/api/ads/images?kind=${kind}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(c.cookie ? { cookie: c.cookie } : {}) },
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as Record<string, unknown> };
}

/** Follows an offer's link without leaving for its destination: the gateway's 302. */
export async function followOffer(base: string, offerId: string) {
  const res = await fetch(`${base}/api/ads/go/${encodeURIComponent(offerId)}`, {
    redirect: 'manual',
  });
  await res.text();
  if (res.status !== 302) throw new Error(`/api/ads/go: ${res.status}`);
  return res.headers.get('location');
}

let players = 0;
/** A registration body no other of the file's players has: `${prefix}_N`, `${prefix}N@example.com`. */
export function newPlayer(prefix: string) {
  players += 1;
  return {
    username: `${prefix}_${players}`,
    email: `${prefix}${players}@example.com`,
    password: 'a fine long password',
  };
}

export async function signedInPlayer(base: string, name: string): Promise<Client> {
  const c = client(base);
  const res = await c.post('/api/register', {
    username: name,
    email: `${name}@example.com`,
    password: 'a fine long password',
  });
  if (res.status !== 200) throw new Error(`register: ${res.status} ${res.text}`);
  return c;
}

export async function signedInAdmin(base: string): Promise<Client> {
  const c = client(base);
  const res = await c.post('/api/admin/login', {
    username: 'chief',
    password: 'admin-password-1',
  });
  if (res.status !== 200) throw new Error(`admin login: ${res.status} ${res.text}`);
  return c;
}

/** Uploads an image of the kind's size and orders the ad (a fresh Idempotency-Key). */
export async function orderAd(
  base: string,
  advertiser: Client,
  order: Record<string, unknown> = {},
): Promise<AdJson> {
  const kind = (order.kind as string | undefined) ?? 'ball';
  const image = await uploadImage(
    base,
    advertiser,
    kind,
    kind === 'ball' ? await pngOf(128, 128) : await pngOf(728, 90),
  );
  if (image.status !== 201) throw new Error(`upload: ${image.status}`);
  const res = await advertiser.post(
    '/api/ads/orders',
    {
      kind,
      ...(kind === 'ball' ? { color: 'red' } : {}),
      imageKey: image.json.key,
      destinationUrl: 'https://example.com/shop',
      runDays: 7,
      ...order,
    },
    { 'idempotency-key': `order-${randomUUID()}` },
  );
  if (res.status !== 201) throw new Error(`order: ${res.status} ${res.text}`);
  return res.json as unknown as AdJson;
}

/** Stripe's signed delivery of `event` to the gateway's webhook (or as `signature` says). */
export async function deliverWebhook(
  stack: Stack,
  event: unknown,
  signature?: (payload: string) => string | undefined,
) {
  const payload = JSON.stringify(event);
  const header = signature ? signature(payload) : stack.stripe.sign(payload);
  const res = await fetch(`${stack.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header !== undefined ? { 'stripe-signature': header } : {}),
    },
    body: payload,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** The order's Checkout Session in the Stripe stand-in. */
export function checkoutSessionOf(stack: Stack, orderId: string) {
  const sessions = stack.stripe.checkoutSessions().filter((s) => s.client_reference_id === orderId);
  if (sessions.length !== 1) throw new Error(`${sessions.length} sessions for ${orderId}`);
  return sessions[0]!;
}

/** Checkout, paid on Stripe's page, and Stripe's signed webhook: the ad awaits review. */
export async function payForAd(stack: Stack, advertiser: Client, ad: AdJson): Promise<void> {
  const checkout = await advertiser.post(`/api/ads/orders/${ad.orderId}/checkout`);
  if (checkout.status !== 200) throw new Error(`checkout: ${checkout.status} ${checkout.text}`);
  const paid = stack.stripe.markPaid(checkoutSessionOf(stack, ad.orderId).id);
  const delivered = await deliverWebhook(
    stack,
    stack.stripe.event('checkout.session.completed', paid),
  );
  if (delivered.status !== 200) throw new Error(`webhook: ${delivered.status}`);
}

/** An ad ordered, paid and approved: running from now (the ads service's clock). */
export async function runningAd(
  stack: Stack,
  advertiser: Client,
  admin: Client,
  order: Record<string, unknown> = {},
): Promise<AdJson> {
  const ad = await orderAd(stack.url, advertiser, order);
  await payForAd(stack, advertiser, ad);
  const approved = await admin.post(`/api/admin/ads/${ad.id}/approve`, {});
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.text}`);
  return approved.json as unknown as AdJson;
}

/** A new ranked game as a guest: its id, credential header, board and offers. */
export async function newGame(base: string, c: Client = client(base)) {
  const res = await c.post('/api/player-sessions', {
    playerName: 'Adwatcher',
    sessionId: randomUUID(),
    deviceFingerprint: 'f'.repeat(50),
  });
  if (res.status !== 200) throw new Error(`session: ${res.status} ${res.text}`);
  const created = res.json as unknown as {
    id: string;
    credential: string;
    game: { seq: number; status: string };
    offers: GameOffers | null;
  };
  return { ...created, owner: { 'x-session-credential': created.credential } };
}

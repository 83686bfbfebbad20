// Documentation screenshots of the ad pages (docs/screenshots/): /buy-ads with an uploaded image
// on its preview board, /payment-success after paying, /admin-ads-review with ads waiting and
// /admin-ads-stats with figures, each on a 390×844 phone and a 1280×800 desktop. It starts its
// own isolated stack (fresh database, Redis and NATS prefixes, free-standing ports) paying
// through the ads service's Stripe stand-in (services/ads/test/stripe-stand-in.ts), and seeds it
// through the API as people would: advertisers upload images, order, pay on the stand-in's
// hosted page (its signed webhook pays the order), an admin approves most, rejects one (a
// refund) and leaves two to review, and players' ranked games show the running ads (impressions
// and clicks with the games' offers). The weeks before today are written into the ads schema,
// as no API makes past days: the running ads started days ago, with their daily figures.
// A scenario of web/scripts/screenshots.mjs (`node web/scripts/screenshots.mjs ads`), which
// runs with Node's TypeScript transform for the stand-in.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const require = createRequire(import.meta.url);
const { ADMIN, adminClient, apiClient, freeStackPorts, get, post, sleep, startRankedGame } =
  await import('../lib/shots.mjs');
const { startStripeStandIn } = await import('../../../services/ads/test/stripe-stand-in.ts');
const { createKnex } = require('@ballmatch/platform');
// The ads service's own image library, where it is a dependency.
const sharp = createRequire(path.join(root, 'services/ads/package.json'))('sharp');

export const about = 'the ad pages, with ads bought, paid on the Stripe stand-in and played';
const DAY = 24 * 3600_000;
const LEMONADE_PNG = path.join(here, '../fixtures/ad-lemonade.png');

/**
 * The advertisers and their ball ads. `startedDaysAgo`: approved, running since then;
 * `review`: paid and waiting for the admin; `reject`: turned down (refunded in full).
 */
const ADS = [
  { who: 'pixel_pets', color: 'green', days: 30, startedDaysAgo: 19, art: ['#2e86de', 'P'] },
  { who: 'rocket_rides', color: 'red', days: 30, startedDaysAgo: 11, art: ['#222f3e', 'R'] },
  { who: 'cafe_luna', color: 'purple', days: 7, startedDaysAgo: 4, art: ['#6d4c41', 'C'] },
  { who: 'budget_bikes', color: 'yellow', days: 7, reject: true, art: ['#10ac84', 'B'] },
  { who: 'moon_yoga', color: 'orange', days: 1, review: true, art: ['#5f27cd', 'M'] },
  { who: 'sunny_lemonade', color: 'blue', days: 7, review: true, art: LEMONADE_PNG },
];
/** Who takes the advertiser's screenshots: /buy-ads, and the success page of their order. */
const BUYER = 'sunny_lemonade';

/** A 256×256 ball face: a letter on a colour, or the fixture's file. */
async function artOf(art) {
  if (typeof art === 'string') return fs.readFileSync(art);
  const [background, letter] = art;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="${background}"/>
    <circle cx="128" cy="128" r="92" fill="none" stroke="#ffffff" stroke-width="10" opacity="0.5"/>
    <text x="128" y="166" font-family="DejaVu Sans, sans-serif" font-weight="bold"
      font-size="112" text-anchor="middle" fill="#ffffff">${letter}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A signed-in advertiser (their own cookies), with their paid order. */
async function buy(baseUrl, standIn, ad) {
  const client = await apiClient(baseUrl);
  const email = `${ad.who}@example.com`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await post(client, '/api/register', { username: ad.who, email, password });
  const image = await post(client, '/api/ads/images?kind=ball', await artOf(ad.art), {
    'content-type': 'image/png',
  });
  const order = await post(
    client,
    '/api/ads/orders',
    {
      kind: 'ball',
      color: ad.color,
      imageKey: image.key,
      destinationUrl: `https://${ad.who.replace('_', '-')}.example/`,
      runDays: ad.days,
    },
    { 'Idempotency-Key': `shots-${randomUUID()}` },
  );
  const { checkoutUrl } = await post(client, `/api/ads/orders/${order.orderId}/checkout`, {});
  // 'Pay' on the hosted page: the stand-in posts its signed webhook to the gateway.
  const paid = await fetch(`${standIn.apiBase}${new URL(checkoutUrl).pathname}`, {
    method: 'POST',
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`pay ${ad.who}: ${paid.status}`);
  return { ...ad, client, email, password, order };
}

/**
 * Players' ranked games: each game's offers show the running ads, whose impressions count once
 * per game with its offer; some players follow an ad.
 */
async function playGames(baseUrl, games) {
  const player = await apiClient(baseUrl);
  let impressions = 0;
  for (let g = 0; g < games; g++) {
    const { offers } = await startRankedGame(player, `Guest-${1000 + g}`);
    for (const [i, face] of (offers?.faces ?? []).entries()) {
      if (face.kind !== 'ad') continue;
      await post(player, `/api/ads/${face.adId}/impression`, {}, { 'X-Ad-Offer': face.id });
      impressions += 1;
      if ((g * 3 + i) % 11 === 0) {
        const click = await player.get(`/api/ads/go/${face.id}`, { maxRedirects: 0 });
        if (click.status() !== 302) throw new Error(`click: ${click.status()}`);
      }
    }
  }
  await player.dispose();
  return impressions;
}

/** Waits until the admin's statistics count `impressions` today (the counters' flush). */
async function flushed(admin, impressions) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const stats = await get(admin, '/api/admin/ads/stats');
    const today = new Date().toISOString().slice(0, 10);
    const counted = stats.days
      .filter((d) => d.day === today)
      .reduce((sum, d) => sum + d.impressions, 0);
    if (counted >= impressions) return;
    await sleep(250);
  }
  throw new Error(`the statistics did not count today's ${impressions} impressions in a minute`);
}

/** The running ads began days ago (paid the day before), with their figures for each day. */
async function writePastDays(databaseUrl, running) {
  const db = createKnex({ url: databaseUrl, schema: 'ads', poolMax: 1 });
  try {
    for (const [n, ad] of running.entries()) {
      const startsAt = new Date(Date.now() - ad.startedDaysAgo * DAY);
      const paidAt = new Date(startsAt.getTime() - DAY / 3);
      await db('orders')
        .where({ id: ad.order.orderId })
        .update({
          created_at: new Date(paidAt.getTime() - 600_000),
          paid_at: paidAt,
        });
      await db('ads')
        .where({ id: ad.order.id })
        .update({
          created_at: new Date(paidAt.getTime() - 600_000),
          starts_at: startsAt,
          ends_at: new Date(startsAt.getTime() + ad.days * DAY),
        });
      for (let ago = ad.startedDaysAgo; ago >= 1; ago--) {
        const day = new Date(Date.now() - ago * DAY).toISOString().slice(0, 10);
        // A weekly rhythm, different for each ad.
        const impressions = Math.round(900 + 500 * Math.sin((ago + n * 2) / 1.7) + n * 240);
        const clicks = Math.round(impressions * (0.018 + 0.006 * ((ago + n) % 4)));
        await db('ad_daily_stats').insert({ ad_id: ad.order.id, day, impressions, clicks });
      }
    }
  } finally {
    await db.destroy();
  }
}

/** The browser's two users: the buyer and the admin, signed in on their own contexts. */
export async function shoot(camera, { buyer }) {
  // Never shorter than the window: the short pages keep the window's whole height.
  const shootPage = (page, name) => camera.shootPage(page, name, { fillViewport: true });
  await camera.eachViewport(async (buyerContext, viewport) => {
    await post(buyerContext.request, '/api/login', {
      email: buyer.email,
      password: buyer.password,
    });
    const page = await buyerContext.newPage();
    await page.goto('/buy-ads');
    await page.getByRole('radio', { name: 'Blue' }).check();
    await page.getByLabel('Image', { exact: true }).setInputFiles(LEMONADE_PNG);
    await page
      .getByRole('img', { name: 'Preview: your image on the blue balls of a board' })
      .waitFor();
    await page.getByLabel('Destination').fill('https://sunny-lemonade.example/');
    await page.getByRole('radio', { name: /^7 days/ }).check();
    // The preview board has loaded the stored image.
    await page.waitForLoadState('networkidle');
    await shootPage(page, `buy-ads-${viewport}`);

    await page.goto(`/payment-success?order=${buyer.order.orderId}`);
    await page.getByText('Payment received — your ad is awaiting review').waitFor();
    await shootPage(page, `payment-success-${viewport}`);

    const adminContext = await camera.context(viewport);
    await post(adminContext.request, '/api/admin/login', ADMIN);
    const admin = await adminContext.newPage();
    await admin.goto('/admin-ads-review');
    await admin.getByText('2 ads are waiting for review.').waitFor();
    await admin.waitForLoadState('networkidle');
    await shootPage(admin, `admin-ads-review-${viewport}`);

    await admin.goto('/admin-ads-stats');
    await admin.getByRole('heading', { name: 'Per ad' }).waitFor();
    await admin.waitForLoadState('networkidle');
    await shootPage(admin, `admin-ads-stats-${viewport}`);
    await adminContext.close();
  });
}

/** The stack's options: payments through a Stripe stand-in, whose webhook reaches its gateway. */
export async function stack() {
  const ports = await freeStackPorts();
  const standIn = await startStripeStandIn({
    webhookUrl: `http://127.0.0.1:${ports.gatewayPort}/api/payments/stripe/webhook`,
  });
  return {
    ports,
    env: {
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      RATE_LIMIT_ADS_PER_MINUTE: '10000',
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_BASE: standIn.apiBase,
      // Counts reach the statistics soon after the games.
      ADS_FLUSH_MS: '500',
      // Forty players' games come from this one address: each impression must count, as in the
      // load and fault runs (docs/api.md 'Frequency caps' would count 2 a minute per ad).
      ADS_FREQUENCY_CAPS: 'off',
    },
    standIn,
    dispose: () => standIn.close(),
  };
}

/**
 * Advertisers buy and pay; the admin approves most, rejects one and leaves two; players' games
 * show the running ads; their past days are written.
 */
export async function seed(stack, { standIn }) {
  const admin = await adminClient(stack.url);
  const bought = [];
  try {
    for (const ad of ADS) bought.push(await buy(stack.url, standIn, ad));
    for (const ad of bought) {
      const id = ad.order.id;
      if (ad.reject) {
        await post(admin, `/api/admin/ads/${id}/reject`, {
          reason: 'The image is a photo of a bicycle, not the logo the ad names.',
        });
      } else if (!ad.review) {
        await post(admin, `/api/admin/ads/${id}/approve`, {});
      }
    }
    await flushed(admin, await playGames(stack.url, 40));
    const running = bought.filter((ad) => ad.startedDaysAgo);
    await writePastDays(stack.databaseUrl, running);
  } catch (error) {
    for (const ad of bought) await ad.client.dispose();
    throw error;
  } finally {
    await admin.dispose();
  }
  return {
    buyer: bought.find((ad) => ad.who === BUYER),
    async dispose() {
      for (const ad of bought) await ad.client.dispose();
    },
  };
}

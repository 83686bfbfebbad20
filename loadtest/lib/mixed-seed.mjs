// What a live site has before its players come: running ball-face ads and custom ball icons, so
// that games start with face offers and the workload posts real impressions. Made through the
// API as people make them: advertisers register, upload an image, order and pay on the Stripe
// stand-in's hosted page (its signed webhook pays the order), and the admin approves; the admin
// uploads icons for two other colours.
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../../scripts/stack.mjs';

// The ads service's own image library (a dependency of that workspace).
const sharp = createRequire(path.join(root, 'services/ads/package.json'))('sharp');

const BALL_AD_COLORS = ['red', 'blue'];
const ICON_COLORS = ['green', 'purple'];

/** A JSON call with an optional cookie; throws unless the status is `want`. */
async function call(base, method, p, { body, cookie, headers = {}, raw, want = 200 } = {}) {
  const res = await fetch(base + p, {
    method,
    redirect: 'manual',
    headers: {
      ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  if (res.status !== want) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`);
  const session = res.headers.getSetCookie().find((c) => c.startsWith('bm_session='));
  return { json: text ? JSON.parse(text) : null, cookie: session?.split(';')[0] };
}

async function ballImage(color) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><circle cx="128" cy="128" r="120" fill="${color}"/><text x="128" y="150" font-size="64" text-anchor="middle" fill="white">AD</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Runs one ball ad of `color` from a new advertiser; resolves with the running ad's id. */
async function runBallAd(base, standIn, adminCookie, color) {
  const who = `lt_${color}_${randomBytes(3).toString('hex')}`;
  const { cookie } = await call(base, 'POST', '/api/register', {
    body: { username: who, email: `${who}@example.com`, password: randomUUID() },
  });
  const image = await call(base, 'POST', '/api/ads/images?kind=ball', {
    cookie,
    raw: await ballImage(color),
    headers: { 'content-type': 'image/png' },
    want: 201,
  });
  const order = await call(base, 'POST', '/api/ads/orders', {
    cookie,
    body: {
      kind: 'ball',
      color,
      imageKey: image.json.key,
      destinationUrl: `https://${color}.example/`,
      runDays: 1,
    },
    headers: { 'idempotency-key': `load-${randomUUID()}` },
    want: 201,
  });
  const ad = order.json;
  const checkout = await call(base, 'POST', `/api/ads/orders/${ad.orderId}/checkout`, {
    cookie,
    body: {},
  });
  const paid = await fetch(`${standIn.apiBase}${new URL(checkout.json.checkoutUrl).pathname}`, {
    method: 'POST',
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`paying the ${color} ad: ${paid.status}`);
  const approved = await call(base, 'POST', `/api/admin/ads/${ad.id}/approve`, {
    cookie: adminCookie,
    body: {},
  });
  if (approved.json.state !== 'running') throw new Error(`${color} ad is ${approved.json.state}`);
  return ad.id;
}

/** Seeds the stack at `base`; `admin` {username, password}; `standIn` the Stripe stand-in. */
export async function seedAds({ base, admin, standIn, log }) {
  const { cookie: adminCookie } = await call(base, 'POST', '/api/admin/login', { body: admin });
  const ads = [];
  for (const color of BALL_AD_COLORS) ads.push(await runBallAd(base, standIn, adminCookie, color));
  for (const color of ICON_COLORS) {
    await call(base, 'POST', '/api/admin/icons/upload', {
      cookie: adminCookie,
      body: {
        color_code: color,
        svg_content: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="${color}"/></svg>`,
      },
    });
  }
  log(`seeded ${ads.length} running ball ads (${BALL_AD_COLORS}) and icons (${ICON_COLORS})`);
  return { ballAds: ads, iconColors: ICON_COLORS };
}

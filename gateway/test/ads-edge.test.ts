import { randomUUID } from 'node:crypto';
import { findMoves, gridFromCells, type Color } from '@ballmatch/engine';
import { pngDeclaring } from '@ballmatch/platform/testing';
import {
  followOffer,
  newGame,
  pngOf,
  runningAd,
  signedInAdmin,
  signedInPlayer,
  uploadImage,
  type Client,
} from './ads-support';
import { client, stackPerFile } from './stack';

/**
 * The ads routes at the edge: what they refuse and how (uploads, orders, offers, admin roles),
 * banners and icons, the per-IP limits and the client key, offers while ads is down, and extra
 * moves earned through a game's reward offer.
 */

let player: Client;
let admin: Client;

const stack = stackPerFile({ READ_CACHE_MS: '0' });
beforeAll(async () => {
  player = await signedInPlayer(stack.url, 'ad_edge');
  admin = await signedInAdmin(stack.url);
});

const anyId = '00000000-0000-4000-8000-000000000000';

describe('uploads and orders refuse bad input with a clear 4xx', () => {
  it('images: over 5 MB → 413; a huge declared size, HTML, no body → 400; guests → 401', async () => {
    const huge = await uploadImage(stack.url, player, 'ball', Buffer.alloc(20 * 1024 * 1024, 1));
    expect(huge).toEqual({ status: 413, json: { message: 'Images may be at most 5 MB' } });
    expect(await uploadImage(stack.url, player, 'ball', pngDeclaring(20000, 20000))).toEqual({
      status: 400,
      json: expect.objectContaining({
        message: 'The image is 20000×20000 pixels; at most 4096 on a side',
      }),
    });
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    // Whatever it claims to be: the bytes decide.
    for (const type of ['text/html', 'image/png', 'application/json']) {
      expect(await uploadImage(stack.url, player, 'ball', html, type)).toEqual({
        status: 400,
        json: expect.objectContaining({ message: 'The file is not a PNG, JPEG or WebP image' }),
      });
    }
    expect((await uploadImage(stack.url, player, 'ball', Buffer.alloc(0))).status).toBe(400);
    expect((await uploadImage(stack.url, player, 'poster', await pngOf(300, 300))).status).toBe(
      400,
    );
    const guest = await uploadImage(stack.url, client(stack.url), 'ball', await pngOf(300, 300));
    expect(guest.status).toBe(401);
  });

  it('orders: https destinations only, known colours, an Idempotency-Key; guests → 401', async () => {
    const banner = await uploadImage(stack.url, player, 'banner', await pngOf(728, 90));
    const ball = await uploadImage(stack.url, player, 'ball', await pngOf(64, 64));
    const bannerOrder = {
      kind: 'banner',
      imageKey: banner.json.key,
      destinationUrl: 'https://example.com/',
      runDays: 7,
    };
    const order = (body: Record<string, unknown>, key: string | null = randomUUID()) =>
      player.post('/api/ads/orders', body, key === null ? {} : { 'idempotency-key': key });
    for (const destinationUrl of ['javascript:alert(1)', 'http://example.com/', 'ftp://x/']) {
      expect((await order({ ...bannerOrder, destinationUrl })).json).toEqual({
        message: 'destinationUrl must be an https:// address',
        field: 'destinationUrl',
      });
    }
    const pink = await order({
      ...bannerOrder,
      kind: 'ball',
      color: 'pink',
      imageKey: ball.json.key,
    });
    expect(pink).toMatchObject({ status: 400, json: { field: 'color' } });
    expect((await order({ ...bannerOrder, runDays: 2 })).json).toMatchObject({ field: 'runDays' });
    expect((await order({ ...bannerOrder, runDays: 1.5 })).json).toEqual({
      message: 'runDays must be a whole number',
      field: 'runDays',
    });
    expect((await order(bannerOrder, null)).json).toEqual({
      message: 'The Idempotency-Key header is required',
      field: 'Idempotency-Key',
    });
    expect((await order(bannerOrder, 'short')).json).toMatchObject({ field: 'Idempotency-Key' });
    const guest = await client(stack.url).post('/api/ads/orders', bannerOrder, {
      'idempotency-key': randomUUID(),
    });
    expect(guest.status).toBe(401);
    expect((await player.post('/api/ads/orders/not-a-uuid/checkout')).json).toMatchObject({
      field: 'id',
    });
    expect((await player.get(`/api/ads/orders/${anyId}`)).status).toBe(404);
  });

  it('impressions need an offer (400 without, 403 a wrong one); a dead link is 404', async () => {
    const missing = await client(stack.url).post(`/api/ads/${anyId}/impression`, {});
    expect(missing).toMatchObject({ status: 400, json: { field: 'X-Ad-Offer' } });
    const wrong = await client(stack.url).post(
      `/api/ads/${anyId}/impression`,
      {},
      { 'x-ad-offer': 'AAAAAAAAAAAAAAAAAAAAAA' },
    );
    expect(wrong).toMatchObject({ status: 403, json: { message: 'No valid offer for this ad' } });
    const icon = await client(stack.url).post('/api/icons/red/impression', {});
    expect(icon.status).toBe(400);
    const gone = await client(stack.url).get('/api/ads/go/AAAAAAAAAAAAAAAAAAAAAA');
    expect(gone).toMatchObject({ status: 404, json: { message: 'This ad link has expired' } });
    expect((await client(stack.url).get('/api/media/nothing-here.webp')).status).toBe(404);
  });

  it('an expired ad link opened in a browser shows a page that says so, not raw JSON', async () => {
    // A link of an ad opens in a new tab (issue 24): the browser asks for HTML first.
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const res = await fetch(`${stack.url}/api/ads/go/AAAAAAAAAAAAAAAAAAAAAA`, {
      headers: { accept },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('<h1>This ad link has expired</h1>');
    expect(page).toContain('<a href="/">');
    expect(page).not.toContain('"message"');
    // API clients (fetch's */*, or asking for JSON) keep the JSON answer.
    const json = await client(stack.url).get('/api/ads/go/AAAAAAAAAAAAAAAAAAAAAA', {
      accept: 'application/json',
    });
    expect(json).toMatchObject({ status: 404, json: { message: 'This ad link has expired' } });
  });
});

describe('admin ads and icons routes', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/ads'],
    ['GET', '/api/admin/ads/stats'],
    ['POST', `/api/admin/ads/${anyId}/approve`, {}],
    ['POST', `/api/admin/ads/${anyId}/reject`, { reason: 'no' }],
    ['POST', `/api/admin/ads/${anyId}/pause`, {}],
    ['POST', `/api/admin/ads/${anyId}/resume`, {}],
    ['POST', `/api/admin/ads/${anyId}/end`, { refund: 'none' }],
    ['POST', `/api/admin/ads/${anyId}/schedule`, { startsAt: '2030-01-01T00:00:00Z' }],
    ['GET', '/api/admin/icons'],
    ['POST', '/api/admin/icons/upload', { color_code: 'red', svg_content: '<svg/>' }],
    ['POST', '/api/admin/icons/delete', { color_code: 'red' }],
    ['GET', '/api/admin/icons/stats'],
  ];
  const send = (c: Client, [method, path, body]: [string, string, unknown?]) =>
    method === 'GET' ? c.get(path) : c.post(path, body);

  it('answer 401 to guests and 403 to players', async () => {
    for (const route of routes) {
      expect([route[1], (await send(client(stack.url), route)).status]).toEqual([route[1], 401]);
      expect([route[1], (await send(player, route)).status]).toEqual([route[1], 403]);
    }
  });

  it('icons: uploaded sanitised, served, in games, counted once; unknown colours refused', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4"/></svg>';
    const uploaded = await admin.post('/api/admin/icons/upload', {
      color_code: 'purple',
      svg_content: svg,
    });
    expect(uploaded).toMatchObject({ status: 200, json: { color_code: 'purple' } });
    const scripted = await admin.post('/api/admin/icons/upload', {
      color_code: 'purple',
      svg_content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    });
    expect(scripted.status).toBe(400);
    const pink = await admin.post('/api/admin/icons/upload', {
      color_code: 'pink',
      svg_content: svg,
    });
    expect(pink).toMatchObject({ status: 400, json: { field: 'color_code' } });
    // An SVG near the service's 100 KB limit passes the gateway's JSON parser.
    const padded = svg.replace('<circle', `<desc>${'"'.repeat(90_000)}</desc><circle`);
    const large = await admin.post('/api/admin/icons/upload', {
      color_code: 'orange',
      svg_content: padded,
    });
    expect(large.status).not.toBe(413);

    const listed = (await client(stack.url).get('/api/icons')).json as unknown as {
      color_code: string;
    }[];
    expect(listed.map((i) => i.color_code)).toContain('purple');
    // The admins' route answers the same [{color_code, svg_content}] (through the admin RPC).
    expect(await admin.get('/api/admin/icons')).toMatchObject({ status: 200, json: listed });
    const face = (await newGame(stack.url)).offers!.faces.find((f) => f.color === 'purple')!;
    expect(face).toMatchObject({ kind: 'icon', adId: '' });
    for (let i = 0; i < 5; i++) {
      const shown = await client(stack.url).post(
        '/api/icons/purple/impression',
        {},
        { 'x-ad-offer': face.id },
      );
      expect(shown.status).toBe(204);
    }
    await stack.ads.flushCounters();
    const stats = (await admin.get('/api/admin/icons/stats')).json as unknown as {
      days: { color: string; impressions: number }[];
    };
    expect(stats.days.filter((d) => d.color === 'purple')).toEqual([
      expect.objectContaining({ impressions: 1 }),
    ]);

    expect((await admin.post('/api/admin/icons/delete', { color_code: 'purple' })).json).toEqual({
      deleted: true,
    });
    expect((await admin.post('/api/admin/icons/delete', { color_code: 'purple' })).status).toBe(
      404,
    );
  });
});

describe('banners', () => {
  it('none running → 204; a running banner is served with its offer, its click goes to its page', async () => {
    expect((await client(stack.url).get('/api/banner-ads?placement=footer')).status).toBe(204);
    expect((await client(stack.url).get('/api/banner-ads?placement=sidebar')).status).toBe(400);
    const ad = await runningAd(stack, player, admin, {
      kind: 'banner',
      destinationUrl: 'https://example.com/banner',
    });
    const served = await client(stack.url).get('/api/banner-ads?placement=footer');
    expect(served).toMatchObject({
      status: 200,
      json: { adId: ad.id, imageUrl: ad.imageUrl, width: 728, height: 90 },
    });
    const offerId = String(served.json.offerId);
    expect(served.json.clickUrl).toBe(`/api/ads/go/${offerId}`);
    expect(served.headers.get('cache-control')).toBe('no-store');
    expect(await followOffer(stack.url, offerId)).toBe('https://example.com/banner');
    await admin.post(`/api/admin/ads/${ad.id}/end`, { refund: 'none' });
  });
});

describe('limits and the client key', () => {
  it('impressions and clicks are limited per IP (429)', async () => {
    const gateway = await stack.startExtraGateway({ RATE_LIMIT_ADS_PER_MINUTE: '3' });
    const base = `http://127.0.0.1:${gateway.port}`;
    // A minute of its own: the earlier tests' requests counted in theirs (the limit is shared).
    stack.clock.set('2031-05-05T10:00:00.000Z');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await client(base).get('/api/ads/go/AAAAAAAAAAAAAAAAAAAAAA')).status);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
      const impression = await client(base).post(
        `/api/ads/${anyId}/impression`,
        {},
        { 'x-ad-offer': 'x' },
      );
      expect(impression.status).toBe(429);
    } finally {
      stack.clock.real();
    }
  });

  it('an offer counts only from the client it was made for, as the gateway sees it', async () => {
    const gateway = await stack.startExtraGateway({ TRUST_PROXY: '1' });
    const base = `http://127.0.0.1:${gateway.port}`;
    const ad = await runningAd(stack, player, admin, { color: 'yellow' });
    const game = await newGame(base, client(base));
    // The game was started from 127.0.0.1 (no X-Forwarded-For); another address copies its offer.
    const face = game.offers!.faces.find((f) => f.adId === ad.id)!;
    const elsewhere = await client(base).post(
      `/api/ads/${ad.id}/impression`,
      {},
      { 'x-ad-offer': face.id, 'x-forwarded-for': '203.0.113.9' },
    );
    expect(elsewhere.status).toBe(403);
    const here = await client(base).post(
      `/api/ads/${ad.id}/impression`,
      {},
      { 'x-ad-offer': face.id },
    );
    expect(here.status).toBe(204);
    await admin.post(`/api/admin/ads/${ad.id}/end`, { refund: 'none' });
  });

  it('a game starts with offers: null while ads is down', async () => {
    const gateway = await stack.startExtraGateway({ ADS_ADDR: '127.0.0.1:1' });
    const game = await newGame(`http://127.0.0.1:${gateway.port}`);
    expect(game).toMatchObject({ offers: null, game: { seq: 0, status: 'active' } });
  });
});

describe('extra moves are earned', () => {
  it('refused until the game’s reward offer was followed, then granted', async () => {
    const guest = client(stack.url);
    const { id, owner, offers, game: start } = await newGame(stack.url, guest);
    let game = start as { seq: number; status: string; grid: Color[] };
    const act = (action: unknown) =>
      guest.post(`/api/player-sessions/${id}/actions`, { seq: game.seq, action }, owner);
    while (game.status === 'active') {
      const moves = findMoves({ grid: gridFromCells(game.grid) });
      const answer = await act(moves.length ? { type: 'swap', ...moves[0] } : { type: 'reset' });
      game = answer.json.game as typeof game;
    }
    expect(game.status).toBe('gameOverPending');

    const refused = await act({ type: 'extraMoves' });
    expect(refused).toMatchObject({
      status: 422,
      json: { message: 'Watch the ad first to earn extra moves', field: 'action' },
    });
    // No ad runs: the reward is the house ad, leading to the page that sells ads.
    expect(offers!.reward).toMatchObject({ kind: 'house', adId: '' });
    expect(await followOffer(stack.url, offers!.reward.id)).toBe('/buy-ads');
    const granted = await act({ type: 'extraMoves' });
    expect(granted).toMatchObject({ status: 200, json: { game: { extraMovesGranted: true } } });
  });
});

import { randomUUID } from 'node:crypto';
import { eventually } from '@ballmatch/platform/testing';
import { COUNTS_KEY } from '../src/store/counters';
import { offerKey } from '../src/store/offers';
import { servedAd, useCounting, type Counting } from './counting';

const CLIENT = 'client-a';
const OTHER_CLIENT = 'client-b';
const DAY = '2026-11-24';

const h = useCounting();

beforeEach(async () => {
  h.clock.set(`${DAY}T12:00:00.000Z`);
  h.running.ballAds = [];
  h.running.iconColors = [];
  h.running.banner = null;
  const keys = await h.keys();
  if (keys.length) await h.redis.del(...keys);
});

/** What Redis has counted and not flushed yet. */
const counts = () => h.redis.hgetall(COUNTS_KEY);

const impressionOf = (offerId: string, adId: string, clientKey = CLIENT) => ({
  offerId,
  kind: 'ad',
  adId,
  color: '',
  clientKey,
});

describe('game offers', () => {
  it('makes an offer per running ad and per icon colour without an ad, and a reward', async () => {
    const red = servedAd('red');
    h.running.ballAds = [red];
    h.running.iconColors = ['red', 'blue'];
    const offers = h.offers();
    const made = await offers.createGameOffers(randomUUID(), CLIENT);

    expect(made.faces).toEqual([
      { id: expect.any(String), kind: 'ad', adId: red.id, color: 'red', imageUrl: red.imageUrl },
      { id: expect.any(String), kind: 'icon', adId: '', color: 'blue', imageUrl: '' },
    ]);
    expect(made.reward).toEqual({
      id: expect.any(String),
      kind: 'ad',
      adId: red.id,
      color: '',
      imageUrl: red.imageUrl,
    });
    const ids = [...made.faces.map((f) => f.id), made.reward.id];
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(3);
    expect(made.expiresAt).toBe(`${DAY}T14:00:00.000Z`);
  });

  it('offers the house ad as the reward when no ad runs; a running banner can be the reward', async () => {
    const offers = h.offers();
    const house = await offers.createGameOffers(randomUUID(), CLIENT);
    expect(house.faces).toEqual([]);
    expect(house.reward).toEqual({
      id: expect.any(String),
      kind: 'house',
      adId: '',
      color: '',
      imageUrl: '',
    });

    const banner = servedAd('');
    h.running.banner = banner;
    const withBanner = await offers.createGameOffers(randomUUID(), CLIENT);
    expect(withBanner.reward).toMatchObject({ kind: 'ad', adId: banner.id });
  });

  it('refuses a session id that is not a UUID and a missing client', async () => {
    const offers = h.offers();
    await expect(offers.createGameOffers('nope', CLIENT)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      details: { field: 'sessionId' },
    });
    await expect(offers.createGameOffers(randomUUID(), '')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      details: { field: 'clientKey' },
    });
  });
});

/** A red ball ad running alone, and its offers in a new game for CLIENT. */
async function redGame(offerTtlMs?: number) {
  const red = servedAd('red');
  h.running.ballAds = [red];
  const offers = h.offers(offerTtlMs);
  const { faces } = await offers.createGameOffers(randomUUID(), CLIENT);
  return { red, offers, faces };
}

/** Red and blue ball ads and the green icon running, and the offers on them. */
function redAndBlue() {
  const red = servedAd('red');
  const blue = servedAd('blue');
  h.running.ballAds = [red, blue];
  h.running.iconColors = ['green'];
  return { red, blue, offers: h.offers() };
}

describe('impressions', () => {
  it('count once per offer, however often (and however concurrently) it is posted', async () => {
    const { red, offers, faces } = await redGame();
    const face = faces[0]!;

    const sequential = [];
    for (let i = 0; i < 50; i++) {
      sequential.push((await offers.recordImpression(impressionOf(face.id, red.id))).counted);
    }
    expect(sequential.filter(Boolean)).toHaveLength(1);
    expect(sequential[0]).toBe(true);

    const { faces: again } = await offers.createGameOffers(randomUUID(), CLIENT);
    const concurrent = await Promise.all(
      Array.from({ length: 50 }, () => offers.recordImpression(impressionOf(again[0]!.id, red.id))),
    );
    expect(concurrent.filter((r) => r.counted)).toHaveLength(1);
    expect(await counts()).toEqual({ [`imp:ad:${red.id}:${DAY}`]: '2' });

    const flusher = h.flusher();
    await flusher.flush();
    expect((await h.reads.totalsByAd([red.id])).get(red.id)).toEqual({
      impressions: 2,
      clicks: 0,
    });
  });

  it('count an icon face once per session, by its colour and UTC day', async () => {
    h.running.iconColors = ['green'];
    const offers = h.offers();
    const { faces } = await offers.createGameOffers(randomUUID(), CLIENT);
    const icon = {
      offerId: faces[0]!.id,
      kind: 'icon',
      adId: '',
      color: 'green',
      clientKey: CLIENT,
    };
    expect(await offers.recordImpression(icon)).toEqual({ counted: true });
    expect(await offers.recordImpression(icon)).toEqual({ counted: false });
    await expect(offers.recordImpression({ ...icon, color: 'blue' })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    expect(await counts()).toEqual({ [`imp:icon:green:${DAY}`]: '1' });
  });

  it('a resume makes new offers but the session counts each ad once', async () => {
    const red = servedAd('red');
    h.running.ballAds = [red];
    const offers = h.offers();
    const sessionId = randomUUID();
    const first = await offers.createGameOffers(sessionId, CLIENT);
    expect(await offers.recordImpression(impressionOf(first.faces[0]!.id, red.id))).toEqual({
      counted: true,
    });

    h.clock.advance(90 * 60_000);
    const resumed = await offers.createGameOffers(sessionId, CLIENT);
    expect(resumed.faces[0]!.id).not.toBe(first.faces[0]!.id);
    expect(await offers.recordImpression(impressionOf(resumed.faces[0]!.id, red.id))).toEqual({
      counted: false,
    });
    // The reward offer of the same session shows the same ad: already counted too.
    expect(await offers.recordImpression(impressionOf(resumed.reward.id, red.id))).toEqual({
      counted: false,
    });

    const otherGame = await offers.createGameOffers(randomUUID(), CLIENT);
    expect(await offers.recordImpression(impressionOf(otherGame.faces[0]!.id, red.id))).toEqual({
      counted: true,
    });
    expect(await counts()).toEqual({ [`imp:ad:${red.id}:${DAY}`]: '2' });
  });

  it('the session remembers what it counted as long as its newest offers live', async () => {
    const red = servedAd('red');
    h.running.ballAds = [red];
    const sessionId = randomUUID();
    const first = await h.offers(30_000).createGameOffers(sessionId, CLIENT);
    await h.offers(30_000).recordImpression(impressionOf(first.faces[0]!.id, red.id));
    const firstLeft = await h.redis.pttl(`ads:seen:${sessionId}`);
    expect(firstLeft).toBeGreaterThan(0);
    expect(firstLeft).toBeLessThanOrEqual(30_000);

    // A resume's offers live longer (60 s): the memory lives as long as they do. Compared as
    // absolute expiry times, which do not shrink between two reads as a TTL does.
    const expiry = async () => Number(await h.redis.call('PEXPIRETIME', `ads:seen:${sessionId}`));
    const firstExpiry = await expiry();
    await h.offers(60_000).createGameOffers(sessionId, CLIENT);
    expect(await expiry()).toBeGreaterThanOrEqual(firstExpiry + 29_000);
  });

  it('count nothing without a valid offer for that very ad, from that client, in its window', async () => {
    const { red, blue, offers } = redAndBlue();
    const { faces, reward } = await offers.createGameOffers(randomUUID(), CLIENT);
    const redFace = faces.find((f) => f.adId === red.id)!;
    const iconFace = faces.find((f) => f.kind === 'icon')!;
    const denied = { code: 'PERMISSION_DENIED', message: 'No valid offer for this ad' };

    await expect(offers.recordImpression(impressionOf('', red.id))).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await expect(
      offers.recordImpression(impressionOf('AAAAAAAAAAAAAAAAAAAAAA', red.id)),
    ).rejects.toMatchObject(denied);
    await expect(
      offers.recordImpression(impressionOf('../../etc/passwd', red.id)),
    ).rejects.toMatchObject(denied);
    // Another ad's offer, another kind's, another client.
    await expect(offers.recordImpression(impressionOf(redFace.id, blue.id))).rejects.toMatchObject(
      denied,
    );
    await expect(
      offers.recordImpression({ ...impressionOf(redFace.id, ''), kind: 'icon', color: 'red' }),
    ).rejects.toMatchObject(denied);
    await expect(offers.recordImpression(impressionOf(iconFace.id, red.id))).rejects.toMatchObject(
      denied,
    );
    await expect(
      offers.recordImpression(impressionOf(redFace.id, red.id, OTHER_CLIENT)),
    ).rejects.toMatchObject(denied);
    await expect(
      offers.recordImpression(impressionOf(redFace.id, red.id, '')),
    ).rejects.toMatchObject(denied);
    await expect(
      offers.recordImpression({ ...impressionOf(redFace.id, red.id), kind: 'house' }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', details: { field: 'kind' } });
    expect(reward.kind).toBe('ad');

    // Expired by the service's clock.
    h.clock.advance(2 * 3600_000);
    await expect(offers.recordImpression(impressionOf(redFace.id, red.id))).rejects.toMatchObject(
      denied,
    );
    expect(await counts()).toEqual({});
  });

  it('count nothing once Redis has dropped the offer', async () => {
    const { red, offers, faces } = await redGame(50);
    await eventually(async () => (await h.redis.exists(offerKey(faces[0]!.id))) === 0, {
      timeoutMs: 5000,
    });
    await expect(offers.recordImpression(impressionOf(faces[0]!.id, red.id))).rejects.toMatchObject(
      { code: 'PERMISSION_DENIED' },
    );
    expect(await counts()).toEqual({});
  });
});

describe('banners', () => {
  it('are served with an offer tied to the client, counted once per offer', async () => {
    const offers = h.offers();
    await expect(offers.serveBanner(CLIENT, 'footer')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(offers.serveBanner(CLIENT, 'sidebar')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      details: { field: 'placement' },
    });

    const banner = servedAd('');
    h.running.banner = banner;
    const served = await offers.serveBanner(CLIENT, 'test');
    expect(served).toEqual({
      offer: {
        id: expect.any(String),
        kind: 'ad',
        adId: banner.id,
        color: '',
        imageUrl: banner.imageUrl,
      },
      width: 728,
      height: 90,
    });
    const impression = impressionOf(served.offer.id, banner.id);
    await expect(
      offers.recordImpression({ ...impression, clientKey: OTHER_CLIENT }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => offers.recordImpression(impression)),
    );
    expect(results.filter((r) => r.counted)).toHaveLength(1);

    // The next minute: 20 posts at once of one offer were 20 tries of this address at this ad,
    // and took its places under the minute's cap (frequency caps, below).
    h.clock.advance(60_000);
    const next = await offers.serveBanner(CLIENT, 'footer');
    expect(await offers.recordImpression(impressionOf(next.offer.id, banner.id))).toEqual({
      counted: true,
    });
    expect(await counts()).toEqual({ [`imp:ad:${banner.id}:${DAY}`]: '2' });
  });
});

describe('clicks', () => {
  it('lead to the destination, counted once per offer, from any client', async () => {
    const { red, offers, faces } = await redGame();
    const id = faces[0]!.id;

    const follows = await Promise.all([
      offers.follow(id, CLIENT),
      offers.follow(id, OTHER_CLIENT),
      offers.follow(id, CLIENT),
    ]);
    for (const f of follows) expect(f).toEqual({ destinationUrl: red.destinationUrl });
    expect(await counts()).toEqual({ [`clk:ad:${red.id}:${DAY}`]: '1' });

    // The ad ended since: the click goes to the house ad's page and counts for no one.
    const { faces: later } = await offers.createGameOffers(randomUUID(), CLIENT);
    h.running.ballAds = [];
    expect(await offers.follow(later[0]!.id, CLIENT)).toEqual({ destinationUrl: '/buy-ads' });
    expect(await counts()).toEqual({ [`clk:ad:${red.id}:${DAY}`]: '1' });
  });

  it('of an unknown, expired or icon offer answer NOT_FOUND', async () => {
    h.running.iconColors = ['red'];
    h.running.ballAds = [servedAd('blue')];
    const offers = h.offers();
    const { faces, reward } = await offers.createGameOffers(randomUUID(), CLIENT);
    const expired = { code: 'NOT_FOUND', message: 'This ad link has expired' };
    await expect(offers.follow('AAAAAAAAAAAAAAAAAAAAAA', CLIENT)).rejects.toMatchObject(expired);
    await expect(offers.follow('', CLIENT)).rejects.toMatchObject(expired);
    await expect(
      offers.follow(faces.find((f) => f.kind === 'icon')!.id, CLIENT),
    ).rejects.toMatchObject(expired);
    h.clock.advance(2 * 3600_000);
    await expect(offers.follow(reward.id, CLIENT)).rejects.toMatchObject(expired);
    expect(await counts()).toEqual({});
  });

  it("of a game's reward offer record the session's reward click", async () => {
    const red = servedAd('red');
    h.running.ballAds = [red];
    const offers = h.offers();
    const sessionId = randomUUID();
    const other = randomUUID();
    const game = await offers.createGameOffers(sessionId, CLIENT);
    await offers.createGameOffers(other, CLIENT);

    // A face's click is no reward click.
    await offers.follow(game.faces[0]!.id, CLIENT);
    expect(await offers.rewardClicked(sessionId)).toBe(false);

    expect(await offers.follow(game.reward.id, OTHER_CLIENT)).toEqual({
      destinationUrl: red.destinationUrl,
    });
    expect(await offers.rewardClicked(sessionId)).toBe(true);
    expect(await offers.rewardClicked(other)).toBe(false);
    await expect(offers.rewardClicked('nope')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(await counts()).toEqual({ [`clk:ad:${red.id}:${DAY}`]: '2' });

    const row = await h.db('reward_clicks').where({ session_id: sessionId }).first();
    expect(row).toMatchObject({ offer_id: game.reward.id, ad_id: red.id });
  });

  it('of the house ad lead to /buy-ads and earn the reward the same way', async () => {
    const offers = h.offers();
    const sessionId = randomUUID();
    const { reward } = await offers.createGameOffers(sessionId, CLIENT);
    expect(reward.kind).toBe('house');
    expect(await offers.follow(reward.id, CLIENT)).toEqual({ destinationUrl: '/buy-ads' });
    expect(await offers.follow(reward.id, CLIENT)).toEqual({ destinationUrl: '/buy-ads' });
    expect(await offers.rewardClicked(sessionId)).toBe(true);
    const row = await h.db('reward_clicks').where({ session_id: sessionId }).first();
    expect(row).toMatchObject({ offer_id: reward.id, ad_id: null });
    // No ad behind it: nothing for an advertiser's counters.
    expect(await counts()).toEqual({});
  });
});

describe('frequency caps: what one address can add to an ad’s figures', () => {
  /** A fresh banner offer for `client`, its impression posted and its link followed. */
  async function viewAndClick(offers: ReturnType<Counting['offers']>, client: string) {
    const { offer } = await offers.serveBanner(client, 'footer');
    await offers.recordImpression(impressionOf(offer.id, offer.adId, client));
    return offers.follow(offer.id, client);
  }
  const counted = async (adId: string) => {
    const now = await counts();
    const sum = (what: 'imp' | 'clk') =>
      Object.entries(now)
        .filter(([field]) => field.startsWith(`${what}:ad:${adId}:`))
        .reduce((total, [, n]) => total + Number(n), 0);
    return { views: sum('imp'), clicks: sum('clk') };
  };

  it('300 fresh offers in a minute from one address count 2 views and 1 click; another address counts apart; the next minute counts again', async () => {
    const banner = servedAd('');
    h.running.banner = banner;
    const offers = h.offers();

    const answers = [];
    for (let i = 0; i < 300; i++) answers.push(await viewAndClick(offers, CLIENT));
    // Every click answered alike, counted or not: the pumper cannot tell which counted.
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ destinationUrl: banner.destinationUrl })]),
    );
    expect(await counted(banner.id)).toEqual({ views: 2, clicks: 1 });

    await viewAndClick(offers, OTHER_CLIENT);
    await viewAndClick(offers, OTHER_CLIENT);
    await viewAndClick(offers, OTHER_CLIENT);
    expect(await counted(banner.id)).toEqual({ views: 4, clicks: 2 });

    h.clock.advance(60_000);
    for (let i = 0; i < 10; i++) await viewAndClick(offers, CLIENT);
    expect(await counted(banner.id)).toEqual({ views: 6, clicks: 3 });
  }, 60_000);

  it('lifted (ADS_FREQUENCY_CAPS=off, for load runs from one address) count every fresh offer', async () => {
    const banner = servedAd('');
    h.running.banner = banner;
    const offers = h.offers(undefined, 'off');
    for (let i = 0; i < 20; i++) await viewAndClick(offers, CLIENT);
    expect(await counted(banner.id)).toEqual({ views: 20, clicks: 20 });
  });

  it('caps each ad (and icon colour) apart: one ad’s views leave another’s count whole', async () => {
    const { red, blue, offers } = redAndBlue();
    for (let game = 0; game < 5; game++) {
      const { faces } = await offers.createGameOffers(randomUUID(), CLIENT);
      for (const face of faces) {
        await offers.recordImpression({
          offerId: face.id,
          kind: face.kind,
          adId: face.adId,
          color: face.color,
          clientKey: CLIENT,
        });
        if (face.kind === 'ad') await offers.follow(face.id, CLIENT);
      }
    }
    expect(await counts()).toEqual({
      [`imp:ad:${red.id}:${DAY}`]: '2',
      [`imp:ad:${blue.id}:${DAY}`]: '2',
      [`imp:icon:green:${DAY}`]: '2',
      [`clk:ad:${red.id}:${DAY}`]: '1',
      [`clk:ad:${blue.id}:${DAY}`]: '1',
    });
  });

  it('a steady offer a minute for a day counts at most 100 views and 25 clicks; the next day counts again', async () => {
    const banner = servedAd('');
    h.running.banner = banner;
    const offers = h.offers();
    h.clock.set(`${DAY}T00:00:00.000Z`);
    const perHour: { views: number; clicks: number }[] = [];
    for (let hour = 0; hour < 24; hour++) {
      const before = await counted(banner.id);
      for (let minute = 0; minute < 60; minute++) {
        await viewAndClick(offers, CLIENT);
        h.clock.advance(60_000);
      }
      const after = await counted(banner.id);
      perHour.push({ views: after.views - before.views, clicks: after.clicks - before.clicks });
    }
    // Each hour: views 1 a minute up to 30 an hour; clicks 3 per 10 minutes up to 10 an hour.
    expect(perHour.slice(0, 4)).toEqual([
      { views: 30, clicks: 10 },
      { views: 30, clicks: 10 },
      { views: 30, clicks: 5 },
      { views: 10, clicks: 0 },
    ]);
    expect(await counted(banner.id)).toEqual({ views: 100, clicks: 25 });

    // A new UTC day (the clock is at 00:00 of the next).
    await viewAndClick(offers, CLIENT);
    expect(await counted(banner.id)).toEqual({ views: 101, clicks: 26 });
  }, 180_000);
});

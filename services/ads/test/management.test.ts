import { randomUUID } from 'node:crypto';
import { failure, paidAd, startAds, type Advertiser, type AdsHarness } from './harness';

let harness: AdsHarness;
let advertiser: Advertiser;
beforeAll(async () => {
  harness = await startAds();
  advertiser = await harness.newAdvertiser();
  harness.clock.set('2026-11-24T12:00:00.000Z');
});
afterAll(() => harness.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(Date.parse('2026-11-24T12:00:00.000Z') + ms).toISOString();
const activeIds = async () => (await harness.public.listActiveAds({})).ads.map((a) => a.id);

it('a scheduled ad can be moved (not into the past), then starts by the clock', async () => {
  const ad = await paidAd(harness, advertiser, { color: 'orange' });
  const scheduled = (await harness.admin.approveAd({ id: ad.id, startsAt: at(HOUR) })).ad!;
  expect(scheduled).toMatchObject({
    state: 'scheduled',
    startsAt: at(HOUR),
    endsAt: at(HOUR + 7 * DAY),
  });

  const moved = (await harness.admin.scheduleAd({ id: ad.id, startsAt: at(2 * HOUR) })).ad!;
  expect(moved).toMatchObject({
    state: 'scheduled',
    startsAt: at(2 * HOUR),
    endsAt: at(2 * HOUR + 7 * DAY),
  });
  expect(await failure(harness.admin.scheduleAd({ id: ad.id, startsAt: at(-HOUR) }))).toMatchObject(
    {
      code: 'INVALID_ARGUMENT',
      message: 'startsAt must not be in the past',
    },
  );
  expect(
    await failure(harness.admin.scheduleAd({ id: ad.id, startsAt: 'tomorrow' })),
  ).toMatchObject({
    code: 'INVALID_ARGUMENT',
  });
  expect(await activeIds()).not.toContain(ad.id);

  harness.clock.set(at(2 * HOUR));
  expect(await activeIds()).toContain(ad.id);
  expect(
    await failure(harness.admin.scheduleAd({ id: ad.id, startsAt: at(3 * HOUR) })),
  ).toMatchObject({
    code: 'ALREADY_EXISTS',
    message: 'Only an ad that has not started can be rescheduled',
  });

  // Ended before or during its run with no refund: off the board at once.
  const ended = (await harness.admin.endAd({ id: ad.id, refund: 'none' })).ad!;
  expect(ended).toMatchObject({ state: 'ended', endsAt: at(2 * HOUR), refundedCents: 0 });
  expect(await activeIds()).not.toContain(ad.id);
  expect(await failure(harness.admin.endAd({ id: ad.id, refund: 'none' }))).toMatchObject({
    code: 'ALREADY_EXISTS',
  });
});

it('a pause is added to the end; ending refunds the unserved share, rounded down, once', async () => {
  harness.clock.set(at(0));
  const ad = await paidAd(harness, advertiser, { color: 'yellow' });
  await harness.admin.approveAd({ id: ad.id, startsAt: '' });
  expect(await activeIds()).toContain(ad.id);

  harness.clock.set(at(DAY));
  expect((await harness.admin.pauseAd({ id: ad.id })).ad!.state).toBe('paused');
  expect(await activeIds()).not.toContain(ad.id);
  expect(await failure(harness.admin.pauseAd({ id: ad.id }))).toMatchObject({
    code: 'ALREADY_EXISTS',
  });

  harness.clock.set(at(3 * DAY));
  const resumed = (await harness.admin.resumeAd({ id: ad.id })).ad!;
  expect(resumed).toMatchObject({ state: 'running', startsAt: at(0), endsAt: at(9 * DAY) });
  expect(await activeIds()).toContain(ad.id);
  expect(await failure(harness.admin.resumeAd({ id: ad.id }))).toMatchObject({
    code: 'ALREADY_EXISTS',
    message: 'This ad is not paused',
  });

  // Served 2 of its 7 days: 5/7 of 2500 cents is 1785.71…, refunded as 1785.
  harness.clock.set(at(4 * DAY));
  const ends = await Promise.allSettled(
    [1, 2].map(() => harness.admin.endAd({ id: ad.id, refund: 'unused' })),
  );
  expect(ends.filter((e) => e.status === 'fulfilled')).toHaveLength(1);
  const refunds = harness
    .stripe!.refunds()
    .filter((r) => r.idempotency_key === `refund-end-${ad.orderId}`);
  expect(refunds.map((r) => r.amount)).toEqual([1785]);
  const mine = (await advertiser.client.listMyAds({})).ads.find((a) => a.id === ad.id)!;
  expect(mine).toMatchObject({ state: 'ended', refundedCents: 1785, endsAt: at(4 * DAY) });

  // Revenue on the day it was paid, the refund on the day it was made.
  const stats = await harness.admin.getAdStats({ from: '2026-11-24', to: '2026-11-30' });
  expect(stats.currency).toBe('usd');
  expect(stats.ads.map((a) => a.id)).toContain(ad.id);
  const day = (d: string) => stats.revenue.find((r) => r.day === d);
  expect(day('2026-11-24')!.revenueCents).toBeGreaterThanOrEqual(2 * 2500);
  expect(day('2026-11-28')).toEqual({ day: '2026-11-28', revenueCents: 0, refundedCents: 1785 });
});

it('an admin’s wrong inputs are 400s and unknown ads 404s', async () => {
  const ad = await paidAd(harness, advertiser, { color: 'green' });
  const cases = [
    harness.admin.endAd({ id: ad.id, refund: 'all' }),
    harness.admin.rejectAd({ id: ad.id, reason: '   ' }),
    harness.admin.rejectAd({ id: ad.id, reason: 'x'.repeat(501) }),
    harness.admin.listAds({ kind: 'popup', state: '' }),
    harness.admin.listAds({ kind: '', state: 'sleeping' }),
    harness.admin.getAdStats({ from: '2026-02-31', to: '' }),
    harness.admin.getAdStats({ from: '2026-12-01', to: '2026-11-01' }),
    harness.admin.getAdStats({ from: '2020-01-01', to: '2026-11-01' }),
  ];
  for (const call of cases) expect(await failure(call)).toMatchObject({ code: 'INVALID_ARGUMENT' });
  for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
    expect(await failure(harness.admin.pauseAd({ id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No such ad',
    });
  }
  expect(await failure(harness.admin.pauseAd({ id: ad.id }))).toMatchObject({
    code: 'ALREADY_EXISTS',
    message: 'Only a scheduled or running ad can be paused',
  });
  expect(
    (await harness.admin.listAds({ kind: 'ball', state: 'awaiting_review' })).ads.map((a) => a.id),
  ).toContain(ad.id);
});

it('ads of one colour take turns a minute each, in the order they started; banners too', async () => {
  harness.clock.set('2026-11-25T00:00:00.000Z');
  const first = await paidAd(harness, advertiser, { color: 'purple' });
  const second = await paidAd(harness, advertiser, { color: 'purple' });
  await harness.admin.approveAd({ id: second.id, startsAt: '2026-11-25T00:00:30.000Z' });
  await harness.admin.approveAd({ id: first.id, startsAt: '' });

  // Minute 0 of the day: only the first has started.
  const purple = async () =>
    (await harness.public.listActiveAds({})).ads
      .filter((a) => a.colorName === 'purple')
      .map((a) => a.id);
  expect(await purple()).toEqual([first.id]);
  // From 00:00:30 both run; the minute's number picks one (even: the first started).
  harness.clock.set('2026-11-25T00:02:00.000Z');
  expect(await purple()).toEqual([first.id]);
  harness.clock.set('2026-11-25T00:03:00.000Z');
  expect(await purple()).toEqual([second.id]);
  harness.clock.set('2026-11-25T00:04:59.999Z');
  expect(await purple()).toEqual([first.id]);

  expect(
    await failure(harness.gateway.serveBanner({ clientKey: 'client-1', placement: 'footer' })),
  ).toMatchObject({
    code: 'NOT_FOUND',
  });
  const banner = await paidAd(harness, advertiser, { kind: 'banner', color: '' });
  await harness.admin.approveAd({ id: banner.id, startsAt: '' });
  const served = await harness.gateway.serveBanner({ clientKey: 'client-1', placement: 'footer' });
  expect(served).toMatchObject({
    width: 728,
    height: 90,
    offer: { adId: banner.id, imageUrl: banner.imageUrl },
  });
});

it('an icon uploaded or deleted is served and listed to admins at once (the cache dropped)', async () => {
  const offers = () =>
    harness.gateway.createGameOffers({ sessionId: randomUUID(), clientKey: 'client-2' });
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';
  expect((await offers()).faces.some((f) => f.kind === 'icon' && f.color === 'blue')).toBe(false);
  await harness.admin.uploadIcon({ colorCode: 'blue', svgContent: svg });
  const listed = (await harness.public.listIcons({})).icons;
  expect(listed.map((i) => i.colorCode)).toContain('blue');
  // The admins' list is the public one, read behind the admin check.
  expect((await harness.admin.listAdminIcons({})).icons).toEqual(listed);
  expect((await offers()).faces.some((f) => f.kind === 'icon' && f.color === 'blue')).toBe(true);
  await harness.admin.deleteIcon({ colorCode: 'blue' });
  const afterDelete = (await harness.admin.listAdminIcons({})).icons;
  expect(afterDelete.map((i) => i.colorCode)).not.toContain('blue');
  expect((await offers()).faces.some((f) => f.kind === 'icon' && f.color === 'blue')).toBe(false);
});

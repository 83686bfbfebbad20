import { dayRange } from '@ballmatch/platform';
import { loadAdsConfig } from '../src/config';
import { unusedCents } from '../src/domain/management';
import { inRotation } from '../src/domain/serving';
import { parseStart } from '../src/domain/start-time';
import { adState, DAY_MS, type AdStatus } from '../src/domain/state';
import type { AdRecord } from '../src/store/ads';

const T0 = new Date('2026-11-24T12:00:00.000Z');
const plus = (ms: number) => new Date(T0.getTime() + ms);

describe('adState: the stored status read against the clock', () => {
  const run = (status: AdStatus) => ({ status, startsAt: plus(0), endsAt: plus(7 * DAY_MS) });
  it.each([
    [-1, 'scheduled'],
    [0, 'running'],
    [7 * DAY_MS - 1, 'running'],
    [7 * DAY_MS, 'ended'],
  ] as const)('approved, %i ms after its start: %s', (offset, state) => {
    expect(adState(run('approved'), plus(offset))).toBe(state);
  });
  it.each([
    'awaiting_payment',
    'payment_failed',
    'awaiting_review',
    'paused',
    'ended',
    'rejected',
  ] as const)('%s stays itself whatever the time', (status) =>
    expect(adState(run(status), plus(3 * DAY_MS))).toBe(status),
  );
});

describe('unusedCents: price × unserved ÷ run, rounded down', () => {
  const ad = (change: Partial<AdRecord>) =>
    ({
      runDays: 7,
      paidCents: 2500,
      startsAt: plus(0),
      endsAt: plus(7 * DAY_MS),
      pausedAt: null,
      ...change,
    }) as AdRecord;
  it('before its start: everything', () => expect(unusedCents(ad({}), plus(-DAY_MS))).toBe(2500));
  it('after two days: 5/7, rounded down', () =>
    expect(unusedCents(ad({}), plus(2 * DAY_MS))).toBe(1785));
  it('after its end: nothing', () => expect(unusedCents(ad({}), plus(8 * DAY_MS))).toBe(0));
  it('paused: counted from the pause, not now', () =>
    expect(unusedCents(ad({ pausedAt: plus(DAY_MS) }), plus(5 * DAY_MS))).toBe(
      Math.floor((2500 * 6) / 7),
    ));
  it('a big price over a long run stays exact', () =>
    expect(
      unusedCents(ad({ runDays: 30, paidCents: 999_999_999, endsAt: plus(30 * DAY_MS) }), plus(1)),
    ).toBe(Number((999_999_999n * BigInt(30 * DAY_MS - 1)) / BigInt(30 * DAY_MS))));
});

it('inRotation: a minute each, in order', () => {
  const minute = (n: number) => new Date(n * 60_000);
  expect(inRotation([], minute(0))).toBeNull();
  expect([0, 1, 2, 3, 4].map((n) => inRotation(['a', 'b', 'c'], minute(n)))).toEqual([
    'a',
    'b',
    'c',
    'a',
    'b',
  ]);
});

describe('parseStart', () => {
  it('takes ISO 8601 with a zone; empty is now where allowed', () => {
    expect(parseStart('2026-11-25T00:00:00+01:00', T0, { orNow: false }).toISOString()).toBe(
      '2026-11-24T23:00:00.000Z',
    );
    expect(parseStart('', T0, { orNow: true })).toEqual(T0);
  });
  it.each(['', '2026-11-25', '2026-11-25T00:00:00', 'soon', '2026-13-01T00:00:00Z'])(
    'refuses %p',
    (text) =>
      expect(() => parseStart(text, T0, { orNow: false })).toThrow(
        'startsAt must be an ISO 8601 time',
      ),
  );
  it('refuses the past and more than a year ahead', () => {
    expect(() => parseStart('2026-11-24T11:59:59Z', T0, { orNow: true })).toThrow('in the past');
    expect(() => parseStart('2028-01-01T00:00:00Z', T0, { orNow: true })).toThrow('within a year');
  });
});

it('dayRange: the last 30 days by default; real dates only; at most 366 days', () => {
  expect(dayRange('', '', T0)).toEqual({ from: '2026-10-26', to: '2026-11-24' });
  expect(dayRange('2026-11-01', '2026-11-01', T0)).toEqual({
    from: '2026-11-01',
    to: '2026-11-01',
  });
  expect(() => dayRange('2026-02-29', '', T0)).toThrow('from must be a date');
  expect(() => dayRange('2025-01-01', '2026-11-24', T0)).toThrow('at most 366 days');
});

describe('runs and prices from configuration', () => {
  it('reads days:cents pairs, sorted by days', () => {
    const config = loadAdsConfig({ ADS_BALL_RUNS: '30:9000, 1:100', ADS_CURRENCY: 'eur' });
    expect(config.ADS_BALL_RUNS).toEqual([
      { days: 1, priceCents: 100 },
      { days: 30, priceCents: 9000 },
    ]);
    expect(config.ADS_BANNER_RUNS.map((r) => r.days)).toEqual([1, 7, 30]);
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
    expect(config.GRPC_PORT).toBe(50054);
  });
  it('takes empty Stripe keys and PUBLIC_URL as unset', () => {
    const config = loadAdsConfig({ STRIPE_SECRET_KEY: '', STRIPE_API_BASE: '', PUBLIC_URL: '' });
    expect(config).toMatchObject({ PUBLIC_URL: 'http://localhost:8080' });
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
    expect(config.STRIPE_API_BASE).toBeUndefined();
    expect(loadAdsConfig({ PUBLIC_URL: 'https://ballmatch.example/' }).PUBLIC_URL).toBe(
      'https://ballmatch.example',
    );
  });
  it.each(['7', '7:', 'a:100', '0:100', '7:0', '7:100,7:200'])('refuses %p', (runs) =>
    expect(() => loadAdsConfig({ ADS_BALL_RUNS: runs })).toThrow('ADS_BALL_RUNS'),
  );
});

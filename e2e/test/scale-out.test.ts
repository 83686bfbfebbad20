// The site scaled out (scripts/scale/: two replicas each of gateway, scores, realtime and ads
// behind local round-robin balancers, as k8s/ runs it): the whole browser journey passes
// through the balancer, and what must hold across replicas does: a score accepted on either
// scores replica reaches sockets on both realtime replicas; a rate limit counts across both
// gateways (one Redis); a logout on one gateway is honoured by the other; ad impressions
// counted through both ads replicas, each flushing to PostgreSQL, come out exact. Which
// replica did what is read from each process's own /metrics.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { eventually } from '@ballmatch/platform/testing';
import { newAccount, registerOnLoginPage } from '../support/accounts';
import {
  playShortGame,
  orderBallAd,
  payOnHostedPage,
  register,
  submissionOf,
} from '../support/api-players';
import { useChromium, withOtherVisitor } from '../support/browser';
import { GameMirror, formatScore, submitOnPage } from '../support/game';
import { ApiClient } from '../support/http-client';
import { metricSum, readMetrics } from '../support/scale-runner';
import { useScaledStack } from '../support/scaled-stack';
import { JOURNEY_TIMEOUT_MS } from '../support/timeouts';

jest.setTimeout(2 * JOURNEY_TIMEOUT_MS);

const ADS_PER_MINUTE = 20;
const stack = useScaledStack('stack-scaled.log', {
  RATE_LIMIT_ADS_PER_MINUTE: String(ADS_PER_MINUTE),
  // Counters reach PostgreSQL within half a second; each replica flushes on its own timer.
  ADS_FLUSH_MS: '500',
});
const { journey } = useChromium({ baseUrl: () => stack.info.url });

const site = () => stack.info.url;
const gateway = (n: 1 | 2) => stack.info.gateways[`gateway-${n}`];
/**
 * A new address of the documentation range on each call, so no other client's requests count
 * with it (a random pick could land on the address a rate-limit test has just used up).
 */
let addressesGiven = 0;
const someAddress = () => {
  addressesGiven += 1;
  if (addressesGiven > 254) throw new Error('the documentation range 203.0.113.0/24 is used up');
  return `203.0.113.${addressesGiven}`;
};

async function metric(process: string, name: string, labels: string[] = []) {
  return metricSum(await readMetrics(stack.info.metrics[process]!), name, labels);
}

const submitted = (replica: string) =>
  metric(replica, 'ballmatch_grpc_server_handled_total', [
    'grpc_method="SubmitScore"',
    'grpc_code="OK"',
  ]);

async function openLiveHighScores(page: Page): Promise<void> {
  await page.goto('/high-scores');
  await page.getByRole('heading', { name: 'High Scores', level: 1 }).waitFor();
  await page.getByText('Live', { exact: true }).waitFor();
}

const recentScores = (page: Page) => page.getByRole('log', { name: 'Recent scores' });

journey(
  'the whole journey through the balancer: register, play on the canvas, submit, seen live, log out',
  async ({ page, context, baseUrl }) => {
    await withOtherVisitor(context, baseUrl, async (watcher) => {
      await openLiveHighScores(watcher);

      const account = newAccount('scale');
      await registerOnLoginPage(page, baseUrl, account);
      const header = page.getByRole('banner');
      await header.getByText(account.username, { exact: true }).waitFor();

      await page.goto('/');
      const game = new GameMirror(page);
      await game.start(() => page.getByRole('button', { name: 'PLAY NOW!' }).click());
      await game.settled();
      while (game.isActive()) await game.clickMove();
      const offer = page.getByRole('dialog', { name: 'Get 7 Extra Moves!' });
      await offer.waitFor();
      const ended = await game.answerTo('end', () =>
        offer.getByRole('button', { name: 'No Thanks' }).click(),
      );
      expect(ended.status).toBe('ended');

      const dialog = page.getByRole('dialog', { name: 'HIGH SCORE!' });
      const { response } = await submitOnPage(page, () =>
        dialog.getByRole('button', { name: 'Submit Score' }).click(),
      );
      expect(response.status()).toBe(200);
      // Pushed to the open page over its socket, whichever replicas served the two.
      await recentScores(watcher).getByText(account.username, { exact: true }).waitFor();

      await page.goto('/high-scores');
      const row = page
        .getByRole('table', { name: 'High scores' })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: account.username }) });
      expect(await row.innerText()).toContain(formatScore(ended.score));

      const [session] = await context.cookies();
      await header.getByRole('button', { name: 'Logout' }).click();
      await header.getByRole('link', { name: 'Login' }).waitFor();
      // The token it held is refused by both gateways, whichever one took the logout.
      for (const n of [1, 2] as const) {
        const replayed = await fetch(`${gateway(n)}/api/user`, {
          headers: { cookie: `${session!.name}=${session!.value}` },
        });
        expect(replayed.status).toBe(401);
      }
    });
  },
);

journey(
  'a score accepted on either scores replica reaches sockets on both realtime replicas',
  async ({ page, context, baseUrl }) => {
    await withOtherVisitor(context, baseUrl, async (other) => {
      // Two sockets one after the other: the balancer gives them one realtime replica each.
      await openLiveHighScores(page);
      await openLiveHighScores(other);
      await eventually(
        async () => {
          for (const replica of ['realtime-1', 'realtime-2']) {
            expect(await metric(replica, 'ballmatch_websocket_open_sockets')).toBeGreaterThan(0);
          }
        },
        { timeoutMs: 10_000, intervalMs: 200 },
      );

      const player = new ApiClient(site());
      for (const [accepting, away] of [
        ['scores-1', 'scores-2'],
        ['scores-2', 'scores-1'],
      ] as const) {
        // The other replica is cut off: the gateways' round robin can only reach this one.
        await stack.runner.cut(away);
        try {
          const before = await submitted(accepting);
          const game = await playShortGame(player, `live_${randomBytes(3).toString('hex')}`);
          const { path, body, headers } = submissionOf(game);
          await player.postOk(path, body, { headers });
          expect(await submitted(accepting)).toBe(before + 1);
          await Promise.all(
            [page, other].map((p) =>
              recentScores(p).getByText(game.playerName, { exact: true }).waitFor(),
            ),
          );
        } finally {
          await stack.runner.heal(away);
        }
        // Back in both gateways' round robin (their clients reconnect within 2 s) before the
        // other is cut: with both unreachable at once a call has nowhere to go.
        await eventually(
          async () => {
            const { balancers } = await stack.runner.status();
            expect(balancers[away]![away]!.open).toBeGreaterThanOrEqual(2);
          },
          { timeoutMs: 15_000, intervalMs: 100 },
        );
      }
    });
  },
);

test('a rate limit counts across both gateway replicas', async () => {
  const minuteOf = (ms: number) => Math.floor(ms / 60_000);
  // The limiter's windows are clock minutes, where the count starts again: a burst is judged
  // only if it fitted in one (a busy machine may carry it over a minute's end; then another).
  for (let tries = 1; ; tries += 1) {
    await eventually(() => new Date().getSeconds() < 45, { timeoutMs: 20_000, intervalMs: 250 });
    const client = new ApiClient(site(), { forwardedFor: someAddress() });
    const impression = (n: 1 | 2) =>
      client.post(
        '/api/ads/00000000-0000-4000-8000-000000000000/impression',
        {},
        {
          base: gateway(n),
          headers: { 'x-ad-offer': 'AAAAAAAAAAAAAAAAAAAAAA' },
        },
      );
    const began = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < ADS_PER_MINUTE; i++) {
      statuses.push((await impression(i % 2 === 0 ? 1 : 2)).status);
    }
    // Each gateway saw half the limit; together they reached it.
    statuses.push((await impression(1)).status, (await impression(2)).status);
    if (minuteOf(Date.now()) !== minuteOf(began)) {
      if (tries === 3) throw new Error('three bursts in a row ran over the end of a minute');
      continue;
    }
    // Counted (no such offer: 403) up to the limit, then refused by either replica.
    expect(statuses).toEqual([...Array<number>(ADS_PER_MINUTE).fill(403), 429, 429]);
    return;
  }
});

test('a logout on one gateway is honoured by the other', async () => {
  const player = new ApiClient(gateway(1));
  await register(player, 'scaleout');
  const cookie = player.cookie;
  expect((await player.get('/api/user', { base: gateway(2) })).status).toBe(200);
  await player.postOk('/api/logout', {}, { base: gateway(1) });
  const replay = new ApiClient(gateway(2));
  replay.cookie = cookie;
  expect((await replay.get('/api/user')).status).toBe(401);
  expect((await replay.get('/api/user', { base: gateway(1) })).status).toBe(401);
});

test('ad impressions through both ads replicas are counted exactly once each', async () => {
  const advertiser = new ApiClient(site());
  await register(advertiser, 'scaleads');
  const ad = await orderBallAd(advertiser, 'green');
  await payOnHostedPage(advertiser, ad, stack.stripe.apiBase);
  // The signed webhook went through the balancer to whichever ads replica; the order is paid.
  await eventually(
    async () => {
      const [mine] = (await advertiser.get<Array<{ state: string }>>('/api/ads/mine')).json;
      expect(mine!.state).toBe('awaiting_review');
    },
    { timeoutMs: 15_000, intervalMs: 200 },
  );
  const admin = new ApiClient(site());
  await admin.postOk('/api/admin/login', stack.admin);
  await admin.postOk(`/api/admin/ads/${ad.id}/approve`, {});

  const before = {
    'ads-1': await metric('ads-1', 'ballmatch_grpc_server_handled_total', [
      'grpc_method="RecordImpression"',
      'grpc_code="OK"',
    ]),
    'ads-2': await metric('ads-2', 'ballmatch_grpc_server_handled_total', [
      'grpc_method="RecordImpression"',
      'grpc_code="OK"',
    ]),
  };
  let counted = 0;
  for (let game = 0; counted < 16; game++) {
    if (game > 80) throw new Error(`only ${counted} games were offered the ad`);
    // Each player from an address of its own; an offer answers only to the client it was made for.
    const player = new ApiClient(site(), { forwardedFor: someAddress() });
    const played = await playShortGame(player, `watcher_${game}`);
    const face = played.offers?.faces.find((f) => f.adId === ad.id);
    if (!face) continue; // a replica whose 5 s list of running ads predates the approval
    for (const n of [1, 2] as const) {
      // Twice, through both gateways: counted once per offer.
      const answer = await player.post(
        `/api/ads/${ad.id}/impression`,
        {},
        {
          base: gateway(n),
          headers: { 'x-ad-offer': face.id },
        },
      );
      expect(answer.status).toBe(204);
    }
    counted += 1;
  }
  for (const replica of ['ads-1', 'ads-2'] as const) {
    const served = await metric(replica, 'ballmatch_grpc_server_handled_total', [
      'grpc_method="RecordImpression"',
      'grpc_code="OK"',
    ]);
    expect(served).toBeGreaterThan(before[replica]);
  }
  await eventually(
    async () => {
      const [mine] = (await advertiser.get<Array<{ impressions: number }>>('/api/ads/mine')).json;
      expect(mine!.impressions).toBe(counted);
    },
    { timeoutMs: 15_000, intervalMs: 250 },
  );
});

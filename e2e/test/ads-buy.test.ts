// An ad's life in the browser (docs/product.md 'Advertising'): a signed-in advertiser picks a
// colour on /buy-ads, uploads an image (the preview board shows it on that colour's balls), gives
// a URL and a run, and pays on the Stripe stand-in's hosted page; its signed webhook makes the
// order paid before the browser is back on /payment-success, which says the ad awaits review. An
// admin approves it on /admin-ads-review, and the next ranked game's board draws the image on
// every ball of that colour, and on no other (read from the canvas's pixels), with the server's
// offer for it and its impression counted.
import { createGame, gridFromCells, type Color } from '@ballmatch/engine';
import type { BrowserContext, Request, Response } from 'playwright-core';
import { registerThroughApi } from '../support/accounts';
import { HOSTED_PAGE_BASE, routeHostedPages } from '../support/ads-payments';
import { AD_FACE_PNG, adminPage, cellsOf, waitForAdOn, type GameOffers } from '../support/ads';
import { postOk } from '../support/api-game';
import { useChromium } from '../support/browser';
import { GameMirror } from '../support/game';

const { journey } = useChromium();

const COLOR: Color = 'purple';
const DESTINATION = 'https://example.com/lemonade';
/** The board /buy-ads previews on (web/src/features/ads/components/ball-board-preview.tsx). */
const PREVIEW_GRID = createGame('ad-preview').grid;

interface Ad {
  id: string;
  orderId: string;
  state: string;
  color: string;
  imageUrl: string;
  destinationUrl: string;
}

const pathOf = (r: Request | Response) => new URL(r.url()).pathname;

async function myAds(context: BrowserContext): Promise<Ad[]> {
  const response = await context.request.get('/api/ads/mine');
  if (response.status() !== 200) throw new Error(`GET /api/ads/mine: ${response.status()}`);
  return (await response.json()) as Ad[];
}

journey(
  'ads: buy a ball ad, pay on the hosted page, the webhook, an admin approves, a new game shows it',
  async ({ page, context, baseUrl }) => {
    // No idle hint: at rest, the board shows its balls and nothing over them.
    await context.addInitScript(() => localStorage.setItem('ballmatch_hints', 'false'));
    // 'Pay' on the hosted page posts the signed webhook, then sends the browser back. The order
    // is read before the browser is back, so before /payment-success asks the server anything:
    // what paid it was the webhook.
    let stateWhenPaid = '';
    await routeHostedPages(context, {
      onPaid: async () => {
        stateWhenPaid = (await myAds(context))[0]!.state;
      },
    });
    const account = await registerThroughApi(context);

    await page.goto('/buy-ads');
    await page.getByRole('heading', { name: 'Buy Ads' }).waitFor();
    await page.getByRole('radio', { name: 'Purple' }).check();
    const [uploaded] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'POST' && pathOf(r) === '/api/ads/images',
      ),
      page.getByLabel('Image', { exact: true }).setInputFiles(AD_FACE_PNG),
    ]);
    expect(uploaded.status()).toBe(201);
    const preview = page.getByRole('img', {
      name: `Preview: your image on the ${COLOR} balls of a board`,
    });
    // The stored image, re-encoded by the server (its answer is read where the page keeps it).
    const image = { imageUrl: (await preview.getAttribute('data-image')) ?? '' };
    expect(image.imageUrl).toMatch(/^\/api\/media\/[^/]+$/);
    await waitForAdOn(preview, cellsOf(PREVIEW_GRID, COLOR));

    await page.getByLabel('Destination').fill(DESTINATION);
    await page.getByRole('radio', { name: /^1 day/ }).check();
    await page.getByTestId('ad-price').getByText('$5.00').waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();

    // Stripe's hosted page (the stand-in's), for this order's price.
    await page.waitForURL(`${HOSTED_PAGE_BASE}/pay/**`);
    await page.getByRole('heading', { name: 'Pay 5.00 USD' }).waitFor();
    const [ordered] = await myAds(context);
    expect(ordered).toMatchObject({
      state: 'awaiting_payment',
      color: COLOR,
      imageUrl: image.imageUrl,
      destinationUrl: DESTINATION,
    });

    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`${baseUrl}/payment-success?order=${ordered!.orderId}`);
    await page
      .getByTestId('payment-result')
      .getByText('Payment received — your ad is awaiting review')
      .waitFor();
    expect(stateWhenPaid).toBe('awaiting_review');

    // An admin approves it, to start now.
    const { admin, adminContext } = await adminPage(context.browser()!, baseUrl);
    try {
      await admin.goto('/admin-ads-review');
      const card = admin.getByRole('article', { name: `Ad by ${account.username}` });
      await card.getByRole('button', { name: 'Approve' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Approve ad' });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await card.waitFor({ state: 'detached' });
      const [approved] = await myAds(context);
      expect(approved!.state).toBe('running');

      // A new ranked game: its offers carry the ad, its board draws it on every purple ball.
      await page.goto('/');
      const game = new GameMirror(page);
      const session = page.waitForResponse(
        (r) => r.request().method() === 'POST' && pathOf(r) === '/api/player-sessions',
      );
      const impression = page.waitForResponse(
        (r) =>
          r.request().method() === 'POST' && pathOf(r) === `/api/ads/${approved!.id}/impression`,
      );
      await game.start(() => page.getByRole('button', { name: 'PLAY NOW!' }).click());
      const { offers } = (await (await session).json()) as { offers: GameOffers | null };
      const face = offers?.faces.find((f) => f.kind === 'ad' && f.adId === approved!.id);
      expect(face).toMatchObject({ color: COLOR, imageUrl: image.imageUrl });
      // Its impression is reported with the game's offer for it, and counted.
      expect((await impression).status()).toBe(204);
      expect((await impression).request().headers()['x-ad-offer']).toBe(face!.id);
      await game.settled();
      await waitForAdOn(game.canvas, cellsOf(gridFromCells(game.game.grid), COLOR));

      // Ended, so the run's other journeys play with the house ad again.
      await postOk(adminContext.request, `/api/admin/ads/${approved!.id}/end`, { refund: 'none' });
    } finally {
      await adminContext.close();
    }
  },
);

// Extra moves are earned (docs/product.md 'Advertising'): the server grants them only to a game
// whose reward click it recorded. A signed-in player's ranked game is played through the API
// until it is out of moves; asking for the extra moves then is refused (422 'Watch the ad first
// to earn extra moves'). The player opens the page, which resumes the game with its offer of
// extra moves: with the ad's link blocked (as an ad blocker would) the tab comes back to the
// same refusal, shown in the offer; once 'Watch Ad' really reaches the server's click link
// (/api/ads/go/<reward offer>, which redirects to the ad), the extra moves are granted.
import type { Request, Response } from 'playwright-core';
import { registerThroughApi } from '../support/accounts';
import { playUntilOutOfMoves } from '../support/ads';
import { useChromium } from '../support/browser';
import { GameMirror, leaveAndReturn } from '../support/game';

const { journey } = useChromium();

const WATCH_FIRST = 'Watch the ad first to earn extra moves';
/** The server's click link, by address (for routes) or by request or response (for events). */
const isAdLinkUrl = (url: URL) => url.pathname.startsWith('/api/ads/go/');
const isAdLink = (r: Request | Response) => isAdLinkUrl(new URL(r.url()));

journey(
  'ads: the extra moves are refused until the reward ad is followed through the server',
  async ({ page, context }) => {
    const account = await registerThroughApi(context);
    const played = await playUntilOutOfMoves(context.request, account.username);
    expect(played.offers?.reward.id).toEqual(expect.any(String));

    const refused = await context.request.post(played.actions, {
      data: { seq: played.game.seq, action: { type: 'extraMoves' } },
      headers: played.owner,
    });
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toMatchObject({ message: WATCH_FIRST, field: 'action' });

    // The page resumes the game, out of moves, with the offer.
    await context.route(isAdLinkUrl, (route) => route.abort('blockedbyclient'));
    const game = new GameMirror(page);
    const resumed = await game.start(async () => {
      await page.goto('/');
    });
    expect(resumed).toEqual(played.game);
    const offer = page.getByRole('dialog', { name: 'Get 7 Extra Moves!' });
    await offer.getByRole('button', { name: 'Watch Ad' }).waitFor();

    // The ad's link is blocked: the server never hears the click, and refuses the moves.
    const blocked = context.waitForEvent('requestfailed', isAdLink);
    const blockedTab = context.waitForEvent('page');
    await offer.getByRole('button', { name: 'Watch Ad' }).click();
    await blocked;
    await (await blockedTab).close();
    const answer = await game.actionAnswer(() => leaveAndReturn(page));
    expect(answer.sent).toMatchObject({ action: { type: 'extraMoves' } });
    expect(answer.status).toBe(422);
    await offer.getByRole('alert').getByText(WATCH_FIRST).waitFor();

    // Followed through the server's link (its redirect to the ad): the moves are granted.
    await context.unroute(isAdLinkUrl);
    const followed = context.waitForEvent('response', isAdLink);
    const adTab = context.waitForEvent('page');
    await offer.getByRole('button', { name: 'Watch Ad' }).click();
    expect((await followed).status()).toBe(302);
    await (await adTab).close();
    await game.answerTo('extraMoves', () => leaveAndReturn(page));
    await page.getByText('Extra Moves Added!').waitFor();
    await game.settled();
    expect(game.game).toMatchObject({ status: 'active', extraMovesGranted: true });
    expect(await page.getByTestId('stat-moves').textContent()).toBe('7');
  },
);

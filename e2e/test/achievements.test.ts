// Achievement badges end to end. A registered player has the dashboard open; a ranked game of
// theirs, played against the server and submitted (verified by the scores service, judged by
// auth from scores.created, announced through its outbox and the realtime service), shows a
// toast on the open page over /ws and joins the dashboard's list, with no reload. And the
// whole of it in the browser: a visitor signs up, edits the profile (a new email and wallet),
// plays a ranked game on the board, submits it, is told of the badge (the page reloads 1.5 s
// after a submission: the badge is told on whichever page listens, see
// web/src/features/achievements/lib/badge-catch-up.ts) and finds it on the dashboard, dated.
import { newAccount, registerOnLoginPage, registerThroughApi } from '../support/accounts';
import { playApiGame, submitApiGame } from '../support/api-game';
import { useChromium } from '../support/browser';
import { GameMirror, submitOnPage } from '../support/game';
import { JOURNEY_TIMEOUT_MS } from '../support/timeouts';

jest.setTimeout(2 * JOURNEY_TIMEOUT_MS); // a whole game, move by move
const { journey } = useChromium();

journey(
  "a player's verified game wins a badge: a toast on the open page, and the dashboard lists it",
  async ({ page, context }) => {
    const account = await registerThroughApi(context);
    // The page's socket answers the subscription: the server knows whose page it is.
    const subscribed = new Promise<void>((resolve) => {
      page.on('websocket', (socket) => {
        socket.on('framereceived', ({ payload }) => {
          const message = JSON.parse(String(payload)) as { type?: string; channel?: string };
          if (message.type === 'subscription' && message.channel === 'achievements') resolve();
        });
      });
    });
    await page.goto('/user-dashboard');
    const section = page.getByRole('region', { name: 'Achievements' });
    await section.getByText(/^0 of \d+ won$/).waitFor();
    await subscribed;

    const game = await playApiGame(context.request, account.username);
    await submitApiGame(context.request, game);

    // One toast at a time: each badge's replaces the last; some badge's shows.
    await page
      .getByText(/^Achievement unlocked: /)
      .first()
      .waitFor();
    const firstGame = section.getByTestId('achievement').filter({ hasText: 'First Game' });
    await firstGame.getByText(/^Won /).waitFor();
    expect(await section.getByText(/^\d+ of \d+ won$/).innerText()).not.toMatch(/^0 of/);
  },
);

journey(
  'a player signs up, edits the profile, plays a ranked game on the board and wins a badge',
  async ({ page, baseUrl }) => {
    const started = new Date();
    const account = newAccount('badge');
    await registerOnLoginPage(page, baseUrl, account);
    const achievements = page.getByRole('region', { name: 'Achievements' });
    await achievements.getByText(/^0 of \d+ won$/).waitFor();

    // The profile: a new email and a wallet, saved with SPEC's toast; the server keeps them.
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    const profile = page.getByRole('form', { name: 'Edit profile' });
    const email = `new.${account.email}`;
    const wallet = `0x${'ab'.repeat(20)}`;
    await profile.getByRole('textbox', { name: 'Email' }).fill(email);
    await profile.getByRole('textbox', { name: /^EVM wallet/ }).fill(wallet);
    // A new email needs the current password (the server's rule).
    await profile.getByLabel('Current password').fill(account.password);
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Your profile has been updated successfully.').waitFor();
    const user = await page.evaluate(async () => (await fetch('/api/user')).json());
    expect(user).toMatchObject({ username: account.username, email, evmWallet: wallet });

    // A ranked game on the board, with the mouse, until out of moves; no extra moves.
    // /play opens straight into a game for a signed-in player.
    const game = new GameMirror(page);
    await game.start(() =>
      page.getByRole('banner').getByRole('link', { name: 'Play Game' }).click(),
    );
    await game.settled();
    while (game.isActive()) await game.clickMove();
    const offer = page.getByRole('dialog', { name: 'Get 7 Extra Moves!' });
    await game.answerTo('end', () => offer.getByRole('button', { name: 'No Thanks' }).click());

    const dialog = page.getByRole('dialog', { name: 'HIGH SCORE!' });
    const { response } = await submitOnPage(
      page,
      () => dialog.getByRole('button', { name: 'Submit Score' }).click(),
      { reload: false },
    );
    expect(response.status()).toBe(200);

    // The badge is judged on the server from the verified score and announced over /ws, and
    // told even if it lands while the page reloads.
    await page.getByText('Achievement unlocked: First Game').waitFor();

    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    const firstGame = achievements.getByTestId('achievement').filter({ hasText: 'First Game' });
    const won = firstGame.locator('time');
    await won.waitFor();
    const when = new Date((await won.getAttribute('datetime'))!);
    expect(when.getTime()).toBeGreaterThanOrEqual(started.getTime());
    expect(when.getTime()).toBeLessThanOrEqual(Date.now());
    const shown = await won.evaluate((el) =>
      new Date(el.getAttribute('datetime')!).toLocaleDateString(),
    );
    expect(await firstGame.innerText()).toContain(`Won ${shown}`);
    expect(await achievements.getByText(/^\d+ of \d+ won$/).innerText()).not.toMatch(/^0 of/);
  },
  { reducedMotion: 'reduce' },
);

// A whole game played with the mouse on the canvas by a signed-in player: the board comes from
// the server's answers (the new game, then each action's), every move is a valid swap found on
// it, the page sends exactly that swap and the stats bar follows each answer; out of moves the
// player watches the ad and the server grants the 7 extra moves; the game ends, the score is
// submitted with the session's credential, the server accepts it (it holds the finished game),
// and it is listed on /high-scores under the username.
import { registerThroughApi } from '../support/accounts';
import { useChromium } from '../support/browser';
import { GameMirror, formatScore, leaveAndReturn, submitOnPage } from '../support/game';
import { JOURNEY_TIMEOUT_MS } from '../support/timeouts';

jest.setTimeout(2 * JOURNEY_TIMEOUT_MS); // a whole game, move by move
const { journey } = useChromium();

journey(
  'mouse: play on the canvas, take the extra moves, submit, and find the score on /high-scores',
  async ({ page, context }) => {
    const account = await registerThroughApi(context);
    await page.goto('/');

    // The cookie banner comes 1 s after load; 'Accept' stores the choice.
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });

    await page.getByRole('banner').getByText(account.username).waitFor();
    // Signed in: no login prompt, the game starts at once.
    const game = new GameMirror(page);
    const started = await game.start(() => page.getByRole('button', { name: 'PLAY NOW!' }).click());
    expect(started).toMatchObject({ seq: 0, score: 0, status: 'active' });
    expect(started).not.toHaveProperty('seed');
    await game.settled();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // A swap that makes no match shakes, sends nothing and changes nothing.
    await game.clickInvalidSwap();
    expect(await page.getByTestId('stat-moves').textContent()).toBe('10');

    let score = 0;
    while (game.isActive()) {
      await game.clickMove();
      expect(game.game.score).toBeGreaterThan(score);
      score = game.game.score;
    }
    expect(game.game.status).toBe('gameOverPending');

    const offer = page.getByRole('dialog', { name: 'Get 7 Extra Moves!' });
    await offer.getByText('It might take 2-3 seconds to credit your turns.').waitFor();
    const adTab = context.waitForEvent('page');
    await offer.getByRole('button', { name: 'Watch Ad' }).click();
    await (await adTab).close();
    await game.answerTo('extraMoves', () => leaveAndReturn(page));
    await page.getByText('Extra Moves Added!').waitFor();
    await game.settled();
    expect(await page.getByTestId('stat-moves').textContent()).toBe('7');

    while (game.isActive()) await game.clickMove();
    // Out of moves again with the extra moves used: the server ended the game itself, and
    // the page has no 'end' to send.
    expect(game.game.status).toBe('ended');
    // The actions went over the game socket (HTTP only as a fallback for an unanswered one).
    expect(game.answeredOver).toContain('ws');
    expect(game.actionsBySeq().some((s) => s.action.type === 'end')).toBe(false);

    // Game over 300 ms later; a score above 0 opens the dialog, prefilled from the
    // username. This account has no local scores yet, so it counts as a high score.
    await page.getByText('Game Over').first().waitFor();
    const dialog = page.getByRole('dialog', { name: 'HIGH SCORE!' });
    await dialog.waitFor();
    const name = dialog.getByLabel('ENTER YOUR NAME (UP TO 20 CHARACTERS)');
    expect(await name.inputValue()).toBe(account.username);
    expect(await dialog.getByTestId('final-score').textContent()).toBe(
      formatScore(game.game.score),
    );

    const { response, body } = await submitOnPage(page, async () => {
      // Armed before the click: the label lasts only as long as the request.
      const busy = dialog.getByRole('button', { name: 'Submitting...' }).waitFor();
      await dialog.getByRole('button', { name: 'Submit Score' }).click();
      await busy;
    });
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).not.toHaveProperty('gameLog');
    expect(response.request().headers()['x-session-credential']).toEqual(expect.any(String));
    expect(body).toMatchObject({
      playerName: account.username,
      score: game.game.score,
      level: game.game.level.currentLevel,
    });

    await page.goto('/high-scores');
    const table = page.getByRole('table', { name: 'High scores' });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: account.username }) });
    await row.waitFor();
    expect(await row.innerText()).toContain(formatScore(game.game.score));
  },
  { cookieBanner: true },
);

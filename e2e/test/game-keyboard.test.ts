// A whole game played with the keyboard only, by a guest, with reduced motion: Tab to
// 'PLAY NOW!', through the login prompt, arrow keys and Enter on the board (the cursor starts
// on the top-left ball; moves found on the board the server's answers carry), 'No Thanks' when
// out of moves (the page ends the game on the server), a typed name in the score dialog; the
// server accepts the finished game's score and /high-scores lists it.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { useChromium } from '../support/browser';
import { GameMirror, formatScore, submitOnPage } from '../support/game';
import { JOURNEY_TIMEOUT_MS } from '../support/timeouts';

jest.setTimeout(2 * JOURNEY_TIMEOUT_MS); // a whole game, move by move
const { journey } = useChromium();

/** Presses Tab until the focused element's text is `text`. */
async function tabTo(page: Page, text: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === text) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${text}"`);
}

journey(
  'keyboard: a guest plays with the arrow keys, declines the extra moves, submits, and is listed',
  async ({ page }) => {
    const name = `kb_${randomBytes(3).toString('hex')}`;
    await page.goto('/');
    await page.getByRole('button', { name: 'PLAY NOW!' }).waitFor();

    await tabTo(page, 'PLAY NOW!');
    await page.keyboard.press('Enter');
    const prompt = page.getByRole('dialog', { name: 'Ready to play?' });
    await prompt
      .getByText(
        "You're not logged in. Your game progress will not be saved when you leave the page or refresh.",
      )
      .waitFor();
    await tabTo(page, 'Continue Without Login');
    const game = new GameMirror(page);
    await game.start(() => page.keyboard.press('Enter'));
    await game.settled();
    // Focus is on the board, ready for the arrow keys.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe(
      'application',
    );
    while (game.isActive()) await game.keyboardMove();

    const offer = page.getByRole('dialog', { name: 'Get 7 Extra Moves!' });
    await offer.waitFor();
    await tabTo(page, 'No Thanks');
    expect((await game.answerTo('end', () => page.keyboard.press('Enter'))).status).toBe('ended');

    const dialog = page.getByRole('dialog', { name: 'HIGH SCORE!' });
    await dialog.waitFor();
    const input = dialog.getByLabel('ENTER YOUR NAME (UP TO 20 CHARACTERS)');
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
    expect(await input.inputValue()).toMatch(/^Guest-\d{1,4}$/);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(name);
    const { response, body } = await submitOnPage(page, () => page.keyboard.press('Enter'));
    expect(response.status()).toBe(200);
    expect(response.request().headers()['x-session-credential']).toEqual(expect.any(String));
    expect(body).toMatchObject({ playerName: name, score: game.game.score });

    await page.goto('/high-scores');
    const row = page
      .getByRole('table', { name: 'High scores' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name }) });
    await row.waitFor();
    expect(await row.innerText()).toContain(formatScore(game.game.score));
  },
  { reducedMotion: 'reduce' },
);

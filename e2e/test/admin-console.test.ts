// The admin console in Chromium against the real stack, with games played in the test: the
// dashboard and game analytics count them, player tracking finds them by the player's name and
// shows one's timing analysis, and an admin flags and unflags it. axe on each page. Other
// journeys may play at the same time, so counts are checked as at least what this one added.
import { randomBytes } from 'node:crypto';
import { dayOf } from '@ballmatch/platform';
import { eventually } from '@ballmatch/platform/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { signInAsAdmin } from '../support/accounts';
import { playApiGame } from '../support/api-game';
import { axeViolations, blocking } from '../support/axe';
import { useChromium } from '../support/browser';
import { stackInfo } from '../support/stack-info';

const { journey } = useChromium();

const DAY_MS = 86_400_000;

/** The days the admin pages show by default: the 30 ending on the day of `at` (ms). */
const last30Days = (at: number) => ({
  from: dayOf(new Date(at - 29 * DAY_MS)),
  to: dayOf(new Date(at)),
});

/** Ranked games started and finished in the days, as the sessions service counts them. */
async function gamesIn(context: BrowserContext, days: { from: string; to: string }) {
  const response = await context.request.get(
    `/api/admin/game-analytics?from=${days.from}&to=${days.to}`,
  );
  expect(response.status()).toBe(200);
  const figures = (await response.json()) as { gamesStarted: number; gamesFinished: number };
  return { started: figures.gamesStarted, finished: figures.gamesFinished };
}

/** The number a headline tile shows under `section` (a heading), or the page's only tiles. */
async function tile(page: Page, label: string, section?: string): Promise<number> {
  const scope = section
    ? page.getByRole('heading', { name: section }).locator('xpath=..')
    : page.locator('main');
  const value = scope
    .getByRole('term')
    .filter({ hasText: label })
    .locator('xpath=following-sibling::dd');
  return Number((await value.first().textContent())!.replace(/[^\d]/g, ''));
}

journey(
  'the admin console shows the games played in the test; an admin flags and unflags one',
  async ({ page, context }) => {
    await signInAsAdmin(context);
    // The run's stack is new: a midnight UTC passing during the journey moves its 30 days on by
    // one without leaving any of its games out.
    const before = await gamesIn(context, last30Days(Date.now()));
    const playerName = `Track${randomBytes(3).toString('hex')}`;
    const guest = await context.browser()!.newContext({ baseURL: stackInfo().baseUrl });
    try {
      for (let i = 0; i < 2; i++) await playApiGame(guest.request, playerName);
    } finally {
      await guest.close();
    }

    // The pages count the days up to the browser's today: held at this moment, so Today is one
    // known day, whose figures the service gives just before and just after the page reads them.
    const now = Date.now();
    await page.clock.setFixedTime(now);
    const today = { from: dayOf(new Date(now)), to: dayOf(new Date(now)) };
    const todayBefore = await gamesIn(context, today);
    await page.goto('/admin-dashboard', { waitUntil: 'networkidle' });
    await page.getByRole('img', { name: 'Games started and completed per day' }).waitFor();
    const shownToday = {
      started: await tile(page, 'Games started', 'Today'),
      finished: await tile(page, 'Completed games', 'Today'),
    };
    const todayAfter = await gamesIn(context, today);
    for (const figure of ['started', 'finished'] as const) {
      expect(shownToday[figure]).toBeGreaterThanOrEqual(todayBefore[figure]);
      expect(shownToday[figure]).toBeLessThanOrEqual(todayAfter[figure]);
    }
    expect(await tile(page, 'Games started', 'Last 30 days')).toBeGreaterThanOrEqual(
      before.started + 2,
    );
    expect(await tile(page, 'Completed games', 'Last 30 days')).toBeGreaterThanOrEqual(
      before.finished + 2,
    );
    expect(blocking(await axeViolations(page), ['region'])).toEqual([]);

    await page.goto('/game-analytics', { waitUntil: 'networkidle' });
    await page.getByRole('img', { name: 'Level reached' }).waitFor();
    expect(await tile(page, 'Games finished')).toBeGreaterThanOrEqual(before.finished + 2);
    expect(blocking(await axeViolations(page), ['region'])).toEqual([]);

    await page.goto('/admin-player-tracking', { waitUntil: 'networkidle' });
    await page.getByRole('textbox', { name: 'Player name' }).fill(playerName);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('2 sessions', { exact: true }).waitFor();
    await page
      .getByRole('button', { name: `Open ${playerName}'s session` })
      .first()
      .click();
    const detail = page.getByRole('region', { name: `Session of ${playerName}` });
    await detail.getByText('Actions timed').waitFor();
    // Four swaps, each timed by the server as it arrived (the end is not an action it times).
    expect(await tile(page, 'Actions timed')).toBe(4);
    await detail.getByText('No score was submitted from this game.').waitFor();
    expect(blocking(await axeViolations(page), ['region'])).toEqual([]);

    await detail.getByRole('button', { name: 'Flag session' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Checked in the e2e journey');
    await dialog.getByRole('button', { name: 'Flag session' }).click();
    await page.getByText('Session flagged').waitFor();
    await detail.getByText('Flagged by an admin').waitFor();
    // Now in the suspicious list: one session of this player (the other is not flagged).
    await page.getByRole('button', { name: 'Suspicious only' }).click();
    const opens = page.getByRole('button', { name: `Open ${playerName}'s session` });
    await eventually(async () => expect(await opens.count()).toBe(1), { timeoutMs: 10_000 });

    await detail.getByRole('button', { name: 'Unflag session' }).click();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('A person after all');
    await dialog.getByRole('button', { name: 'Unflag session' }).click();
    await detail.getByText('Unflagged by an admin').waitFor();
    await detail.getByRole('button', { name: 'Flag session' }).waitFor();
  },
);

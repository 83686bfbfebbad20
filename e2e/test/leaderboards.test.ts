// Leaderboard journeys: a ranked game played against the server and submitted through the API
// shows up on /high-scores and /leaderboards; the archive groups
// weeks by quarter (past weeks are written into the scores schema, as no API makes them).
import { randomBytes } from 'node:crypto';
import nodePath from 'node:path';
import { createKnex, playerNameKeys, playerNameSkeleton } from '@ballmatch/platform';
import type { APIRequestContext, Page } from 'playwright-core';
import { playApiGame, postOk } from '../support/api-game';
import { useChromium } from '../support/browser';
import { unexpectedConsoleErrors, type ExpectedFailure } from '../support/page-problems';
import { artifactsDir } from '../support/paths';
import { stackDatabaseUrl } from '../support/stack-info';

const { journey } = useChromium();

const DAY_MS = 24 * 3600_000;
const WEEK_MS = 7 * DAY_MS;
const numbers = new Intl.NumberFormat('en-US');

/** A visitor's pages may fail only these calls. */
const EXPECTED_FAILURES: ExpectedFailure[] = [{ path: '/api/user', status: 401 }];

interface Week {
  id: string;
  name: string;
  isActive: boolean;
  startDate: string;
  endDate: string;
}

/** Plays a short ranked game through the API and submits it to the all-time and weekly boards. */
async function playAndSubmit(request: APIRequestContext, playerName: string) {
  const game = await playApiGame(request, playerName);
  const claim = { playerName, score: game.score, level: game.level, sessionId: game.sessionId };
  await postOk(request, '/api/scores', { ...claim, moves: game.moves }, game.owner);
  await postOk(request, '/api/weekly-leaderboards/record-score', claim, game.owner);
  return game;
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  if (response.status() !== 200) {
    throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** The cells of the table row whose Player cell is `name`. */
async function rowCells(page: Page, tableName: string, name: string): Promise<string[]> {
  const table = page.getByRole('table', { name: tableName });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await row.waitFor();
  return row.locator('td, th').allInnerTexts();
}

function playerName(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

journey(
  'a played and submitted game shows on /high-scores and in the weekly tab',
  async ({ page, context, problems }) => {
    const name = playerName('e2e_lb');
    const game = await playAndSubmit(context.request, name);
    expect(game.score).toBeGreaterThan(0);
    expect(game.moves).toBeGreaterThanOrEqual(1);

    await page.goto('/high-scores');
    await page.getByRole('heading', { name: 'High Scores', level: 1 }).waitFor();
    const highScore = await rowCells(page, 'High scores', name);
    expect(highScore[2].trim()).toBe(numbers.format(game.score));
    expect(highScore[3].trim()).toBe(String(game.level));
    await page.getByText('Recent Scores').waitFor();

    const week = await getJson<Week>(context.request, '/api/weekly-leaderboards/active');
    await page.goto('/leaderboards');
    await page.getByRole('tab', { name: 'Weekly Champions', selected: true }).waitFor();
    await page.getByRole('heading', { name: `${week.name} Leaderboard` }).waitFor();
    const weekly = await rowCells(page, `${week.name} scores`, name);
    // Rank, Player, Total Score, % of Total, Games, Avg Score, Highest Level.
    expect(weekly[2].trim()).toBe(numbers.format(game.score));
    expect(weekly[4].trim()).toBe('1');
    expect(weekly[6].trim()).toBe(String(game.level));
    await page.getByText(/^Resets in .+ \(Monday 00:00 UTC\)$/).waitFor();

    // The same game on the all-time tab.
    await page.getByRole('tab', { name: 'All-Time Legends' }).click();
    const allTime = await rowCells(page, 'All-time scores', name);
    expect(allTime[2].trim()).toBe(numbers.format(game.score));

    await page.waitForLoadState('networkidle');
    expect(problems.cspViolations).toEqual([]);
    expect(unexpectedConsoleErrors(problems.consoleErrors, EXPECTED_FAILURES)).toEqual([]);
  },
);

/** Monday 00:00 UTC of the week holding `at`. */
function mondayOf(at: number): number {
  const midnight = at - (at % DAY_MS);
  return midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY_MS;
}

function quarterOf(startDate: string): string {
  const date = new Date(startDate);
  return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${date.getUTCFullYear()}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Past weeks (and one player's week) as the scores service would have made them. */
async function insertPastWeeks(weeksAgo: number[], legend: string): Promise<void> {
  const db = createKnex({ url: stackDatabaseUrl(), schema: 'scores', poolMax: 1 });
  try {
    const thisMonday = mondayOf(Date.now());
    for (const ago of weeksAgo) {
      const start = new Date(thisMonday - ago * WEEK_MS);
      const name = `Week of ${MONTHS[start.getUTCMonth()]} ${start.getUTCDate()}, ${start.getUTCFullYear()}`;
      const [week] = await db('weekly_leaderboards')
        .insert({ starts_at: start, ends_at: new Date(start.getTime() + WEEK_MS), name })
        .onConflict('starts_at')
        .merge()
        .returning('id');
      if (ago === weeksAgo[0]) {
        await db('weekly_scores').insert({
          week_id: week.id,
          player_key: `guest:${playerNameSkeleton(legend)}`,
          player_name: legend,
          name_keys: playerNameKeys(legend),
          total_score: 4321,
          games_played: 2,
          highest_level: 5,
        });
      }
    }
  } finally {
    await db.destroy();
  }
}

journey(
  '/leaderboard-archive groups the weeks by quarter, newest first',
  async ({ page, context }) => {
    const legend = playerName('legend');
    // Past weeks reaching back three quarters at least (13 weeks each).
    const weeksAgo = [2, 14, 27, 40];
    await getJson<Week>(context.request, '/api/weekly-leaderboards/active');
    await insertPastWeeks(weeksAgo, legend);

    const weeks = await getJson<Week[]>(context.request, '/api/weekly-leaderboards');
    const expected: Array<{ quarter: string; weeks: string[] }> = [];
    for (const week of [...weeks].sort((a, b) => b.startDate.localeCompare(a.startDate))) {
      const quarter = quarterOf(week.startDate);
      const last = expected[expected.length - 1];
      if (last?.quarter === quarter) last.weeks.push(week.name);
      else expected.push({ quarter, weeks: [week.name] });
    }
    expect(expected.length).toBeGreaterThanOrEqual(3);

    await page.goto('/leaderboard-archive');
    const nav = page.getByRole('navigation', { name: 'Weeks by quarter' });
    await nav.waitFor();
    const groups = nav.getByRole('region');
    await expect(groups.count()).resolves.toBe(expected.length);
    const shown: Array<{ quarter: string; weeks: string[] }> = [];
    for (let i = 0; i < expected.length; i++) {
      const group = groups.nth(i);
      const heading = (await group.getByRole('heading').innerText()).split('\n')[0];
      const names = await group.locator('.archive-week__name').allInnerTexts();
      shown.push({ quarter: heading.replace(/\s*\d+ weeks?$/, '').trim(), weeks: names });
    }
    expect(shown).toEqual(expected);

    // The newest week is preselected; a past week shows its own table.
    const newest = nav.getByRole('button', { name: new RegExp(expected[0].weeks[0]) });
    await expect(newest.getAttribute('aria-pressed')).resolves.toBe('true');
    const pastStart = mondayOf(Date.now()) - weeksAgo[0] * WEEK_MS;
    const past = weeks.find((w) => new Date(w.startDate).getTime() === pastStart);
    expect(past).toBeDefined();
    await nav.getByRole('button', { name: new RegExp(past!.name) }).click();
    await page.getByRole('heading', { name: `${past!.name} Leaderboard` }).waitFor();
    const row = await rowCells(page, `${past!.name} scores`, legend);
    expect(row[2].trim()).toBe('4,321');

    await page.getByRole('link', { name: 'Back to Leaderboards' }).click();
    await page.getByRole('heading', { name: 'Leaderboards', level: 1 }).waitFor();
  },
);

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true };

for (const path of ['/leaderboards', '/leaderboard-archive', '/high-scores']) {
  journey(
    `${path} fits a phone screen (390×844)`,
    async ({ page }) => {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // Tables show what matters without sideways scrolling: secondary columns fold under
      // the player's name.
      await page.locator('.lb-table').first().waitFor();
      const tables = await page
        .locator('.lb-table-wrap')
        .evaluateAll((wraps) => wraps.map((w) => w.scrollWidth - w.clientWidth));
      expect(tables.every((extra) => extra <= 0)).toBe(true);
      await expect(page.locator('.lb-folded').first().isVisible()).resolves.toBe(true);
      if (path === '/high-scores') {
        // The live card is on the first screen, not below the 50-row table.
        const card = await page.getByRole('heading', { name: 'Recent Scores' }).boundingBox();
        expect(card!.y + card!.height).toBeLessThanOrEqual(PHONE.viewport.height);
      }
      await page.screenshot({
        path: nodePath.join(artifactsDir, `${path.slice(1)}-phone.png`),
        fullPage: true,
        animations: 'disabled',
      });
    },
    PHONE,
  );
}

// Leaderboard journeys: a ranked game played against the server and submitted through the API
// shows up on /high-scores and /leaderboards; the archive groups
// weeks by quarter (past weeks are written into the scores schema, as no API makes them).
import { randomBytes } from 'node:crypto';
import nodePath from 'node:path';
import { createKnex, playerNameKeys, playerNameSkeleton } from '@ballmatch/platform';
import type { APIRequestContext, Page } from 'playwright-core';
import { playApiGame, postOk, submitApiGame } from '../support/api-game';
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

/**
 * Plays a short ranked game through the API and submits it to the all-time and weekly boards;
 * `countedAt` is its score's time, by the scores service's clock (the week it counts in).
 */
async function playAndSubmit(request: APIRequestContext, playerName: string) {
  const game = await playApiGame(request, playerName);
  const claim = { playerName, score: game.score, level: game.level, sessionId: game.sessionId };
  await submitApiGame(request, game);
  const path = '/api/weekly-leaderboards/record-score';
  const { createdAt } = (await postOk(request, path, claim, game.owner)) as { createdAt: string };
  return { ...game, countedAt: Date.parse(createdAt) };
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  if (response.status() !== 200) {
    throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** The stored week that holds the instant `at` (ms): the week a score of that time counts in. */
async function weekHolding(request: APIRequestContext, at: number): Promise<Week> {
  const weeks = await getJson<Week[]>(request, '/api/weekly-leaderboards');
  const week = weeks.find((w) => Date.parse(w.startDate) === mondayOf(at));
  if (!week) throw new Error(`no week holds ${new Date(at).toISOString()}`);
  return week;
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

    // The page opens on the week active when it loads: the one the API says just before, or
    // (a Monday 00:00 UTC in between) just after.
    const activeBefore = await getJson<Week>(context.request, '/api/weekly-leaderboards/active');
    await page.goto('/leaderboards');
    await page.getByRole('tab', { name: 'Weekly Champions', selected: true }).waitFor();
    const opened = await page
      .getByRole('heading', { name: /^Week of .+ Leaderboard$/ })
      .innerText();
    const activeAfter = await getJson<Week>(context.request, '/api/weekly-leaderboards/active');
    expect([activeBefore.name, activeAfter.name].map((n) => `${n} Leaderboard`)).toContain(opened);
    await page.getByText(/^Resets in .+ \(Monday 00:00 UTC\)$/).waitFor();

    // The game counts in the week of its score's time, chosen in the week selector (the week
    // open already, unless a Monday came between the submission and the page).
    const week = await weekHolding(context.request, game.countedAt);
    await page.getByTitle(week.name, { exact: true }).click();
    await page.getByRole('heading', { name: `${week.name} Leaderboard` }).waitFor();
    const weekly = await rowCells(page, `${week.name} scores`, name);
    // Rank, Player, Total Score, % of Total, Games, Avg Score, Highest Level.
    expect(weekly[2].trim()).toBe(numbers.format(game.score));
    expect(weekly[4].trim()).toBe('1');
    expect(weekly[6].trim()).toBe(String(game.level));

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

/**
 * Past weeks (and one player's week, the first of `weeksAgo`) as the scores service would have
 * made them; answers the start (ms) of the player's week.
 */
async function insertPastWeeks(weeksAgo: number[], legend: string): Promise<number> {
  const db = createKnex({ url: stackDatabaseUrl(), schema: 'scores', poolMax: 1 });
  const thisMonday = mondayOf(Date.now());
  try {
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
  return thisMonday - weeksAgo[0]! * WEEK_MS;
}

/** The weeks as the archive groups them: by quarter of their start, newest first. */
function byQuarter(weeks: Week[]): Array<{ quarter: string; weeks: string[] }> {
  const groups: Array<{ quarter: string; weeks: string[] }> = [];
  for (const week of [...weeks].sort((a, b) => b.startDate.localeCompare(a.startDate))) {
    const quarter = quarterOf(week.startDate);
    const last = groups[groups.length - 1];
    if (last?.quarter === quarter) last.weeks.push(week.name);
    else groups.push({ quarter, weeks: [week.name] });
  }
  return groups;
}

journey(
  '/leaderboard-archive groups the weeks by quarter, newest first',
  async ({ page, context }) => {
    const legend = playerName('legend');
    // Past weeks reaching back three quarters at least (13 weeks each).
    const weeksAgo = [2, 14, 27, 40];
    const legendWeekStart = await insertPastWeeks(weeksAgo, legend);

    // The page lists the weeks as the API does just before or (a Monday 00:00 UTC in between,
    // and its new week made) just after.
    const listedBefore = await getJson<Week[]>(context.request, '/api/weekly-leaderboards');
    await page.goto('/leaderboard-archive');
    const nav = page.getByRole('navigation', { name: 'Weeks by quarter' });
    await nav.waitFor();
    const groups = nav.getByRole('region');
    const shown: Array<{ quarter: string; weeks: string[] }> = [];
    for (let i = 0; i < (await groups.count()); i++) {
      const group = groups.nth(i);
      const heading = (await group.getByRole('heading').innerText()).split('\n')[0];
      const names = await group.locator('.archive-week__name').allInnerTexts();
      shown.push({ quarter: heading.replace(/\s*\d+ weeks?$/, '').trim(), weeks: names });
    }
    const listedAfter = await getJson<Week[]>(context.request, '/api/weekly-leaderboards');
    expect([byQuarter(listedBefore), byQuarter(listedAfter)]).toContainEqual(shown);
    expect(shown.length).toBeGreaterThanOrEqual(3);

    // The newest week is preselected; a past week shows its own table.
    const newest = nav.getByRole('button', { name: new RegExp(shown[0]!.weeks[0]!) });
    await expect(newest.getAttribute('aria-pressed')).resolves.toBe('true');
    const past = listedAfter.find((w) => Date.parse(w.startDate) === legendWeekStart);
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
    async ({ page, context }) => {
      // A game of its own, so the page has a table to fold; a weekly page opens on the week the
      // game counted in (a Monday 00:00 UTC may have started an empty one since).
      const game = await playAndSubmit(context.request, playerName('e2e_phone'));
      const week =
        path === '/high-scores' ? null : await weekHolding(context.request, game.countedAt);
      await page.goto(week ? `${path}?week=${week.id}` : path, { waitUntil: 'networkidle' });
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

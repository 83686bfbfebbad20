// axe-core on every route of the web app, at a laptop's size and a phone's, in one browser against
// the run's stack: public pages as a guest, player pages as a signed-in player, admin pages as the
// admin, with real data on the pages that show data (an update, a feedback message, a submitted
// ranked game, a paid ball ad and banner ad awaiting review), and the cookie banner on a first visit. The routes come
// from the app's own table (web/src/config/route-table.ts): a route added there without a visit
// here fails the test. No page may have a serious or critical violation, nor content outside
// landmarks ('region').
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { pagePatterns } from '../../web/src/config/route-table';
import { newAccount } from '../support/accounts';
import { artifactsDir } from '../support/paths';
import { axeViolations, blocking, type AxeViolation } from '../support/axe';
import { answerCookieBanner, useChromium } from '../support/browser';
import { makeSiteData, type SiteData } from '../support/site-data';
import { stackInfo } from '../support/stack-info';
import { watchPage } from '../support/page-problems';
import { JOURNEY_TIMEOUT_MS, STEP_TIMEOUT_MS } from '../support/timeouts';

jest.setTimeout(4 * JOURNEY_TIMEOUT_MS); // some 40 pages, one after the other
const { journey } = useChromium();

type Visitor = 'guest' | 'player' | 'admin';

interface Visit {
  as: Visitor;
  /** The address to open; the pattern itself by default. */
  url?: (data: SiteData) => string;
  /** The page's h1. */
  heading: string | RegExp;
  /** What shows that the page has drawn its data. */
  shows?: (page: Page, data: SiteData) => Locator;
}

const main = (page: Page) => page.getByRole('main');

/** One visit per pattern of the app's route table. */
const VISITS: Record<string, Visit> = {
  '/': { as: 'guest', heading: 'BallMatch' },
  '/play': { as: 'guest', heading: 'Play BallMatch' },
  '/login': { as: 'guest', heading: /./ },
  '/forgot-password': { as: 'guest', heading: 'Forgot your password?' },
  '/reset-password': {
    as: 'guest',
    url: () => '/reset-password?token=not-a-real-one',
    heading: 'Choose a new password',
  },
  // Both send the visitor to /login.
  '/auth': { as: 'guest', heading: /./ },
  '/admin/login': { as: 'guest', heading: /./ },
  '/leaderboards': { as: 'guest', heading: 'Leaderboards' },
  '/leaderboard-archive': { as: 'guest', heading: 'Leaderboard Archive' },
  '/high-scores': {
    as: 'guest',
    heading: 'High Scores',
    shows: (page) => page.getByRole('table', { name: 'High scores' }).getByRole('row').nth(1),
  },
  '/updates': {
    as: 'guest',
    heading: 'Game Updates & News',
    shows: (page, data) => page.getByRole('article', { name: data.updateTitle }),
  },
  '/updates/:id': {
    as: 'guest',
    url: (data) => `/updates/${data.updateId}`,
    heading: 'Every route',
    shows: (page) => page.getByTestId('update-content').locator('strong'),
  },
  '/privacy-policy': { as: 'guest', heading: 'Privacy Policy' },
  '/terms-of-service': { as: 'guest', heading: 'Terms of Service' },
  '/contact': { as: 'guest', heading: 'Contact' },
  '/about': { as: 'guest', heading: 'About BallMatch' },
  '/faq': { as: 'guest', heading: 'Frequently Asked Questions' },
  '/banner-ads-test': { as: 'guest', heading: 'Banner Ads Test' },
  '/ad-blocker-demo': { as: 'guest', heading: 'Ad Blocker Demo' },
  '/test-websocket': { as: 'guest', heading: 'Realtime Connection Test' },

  '/user-dashboard': {
    as: 'player',
    heading: 'Dashboard',
    shows: (page) => page.getByRole('region', { name: 'Achievements' }).getByText(/ won$/),
  },
  '/edit-profile': { as: 'player', heading: 'Edit Profile' },
  '/buy-ads': { as: 'player', heading: 'Buy Ads' },
  '/buy-banner-ads': { as: 'player', heading: 'Buy Banner Ads' },
  '/payment': {
    as: 'player',
    url: (data) => `/payment?order=${data.ad.orderId}`,
    heading: 'Payment',
  },
  '/payment-success': {
    as: 'player',
    url: (data) => `/payment-success?order=${data.ad.orderId}`,
    heading: 'Payment',
    shows: (page) => page.getByTestId('payment-result'),
  },

  '/admin': { as: 'admin', heading: 'Admin Panel' },
  '/admin-dashboard': {
    as: 'admin',
    heading: 'Admin Dashboard',
    shows: (page) => page.getByRole('img', { name: 'Games started and completed per day' }),
  },
  '/game-analytics': {
    as: 'admin',
    heading: 'Game Analytics',
    shows: (page) => page.getByRole('img', { name: 'Level reached' }),
  },
  '/admin-ads-review': {
    as: 'admin',
    heading: 'Ads Review',
    shows: (page) => main(page).getByRole('article').first(),
  },
  '/admin-banner-ads-review': {
    as: 'admin',
    heading: 'Banner Ads Review',
    shows: (page) => main(page).getByRole('article').first(),
  },
  '/admin-banner-ads-manage': { as: 'admin', heading: 'Banner Ads Management' },
  '/admin-ads-stats': { as: 'admin', heading: 'Ad Statistics' },
  '/admin-icons-stats': { as: 'admin', heading: 'Icon Statistics' },
  '/admin-feedback': {
    as: 'admin',
    heading: 'Player Feedback',
    shows: (page, data) => main(page).getByText(data.feedbackMessage),
  },
  '/admin-updates': {
    as: 'admin',
    heading: 'Manage Updates',
    shows: (page, data) => main(page).getByText(data.updateTitle),
  },
  '/admin-ad-management': { as: 'admin', heading: 'Ad Management' },
  '/admin-player-tracking': {
    as: 'admin',
    heading: 'Player Tracking',
    shows: (page) => page.getByRole('button', { name: /^Open .+'s session$/ }).first(),
  },
};

/** Opens `url` and waits until the page has drawn: its h1, what it shows, no spinner left. */
async function open(page: Page, url: string, visit: Visit, data: SiteData): Promise<void> {
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: visit.heading }).first().waitFor();
  await visit.shows?.(page, data).first().waitFor();
  // A route change may show two page spinners at once (the outgoing and the incoming page).
  await page.getByTestId('page-spinner').first().waitFor({ state: 'detached' });
  // Nothing still loading (a spinner: web/src/components/ui/spinner.tsx).
  await main(page).locator('.spinner').first().waitFor({ state: 'detached' });
}

async function signedIn(context: BrowserContext, path: string, data: object) {
  const response = await context.request.post(path, { data });
  if (response.status() !== 200) {
    throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  }
}

test('every route of the app has a visit here, and no visit is of a route it does not have', () => {
  expect(Object.keys(VISITS).sort()).toEqual([...pagePatterns()].sort());
});

/** The screens every route is checked on: a laptop's, and a phone's, where players play. */
const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  {
    name: 'phone',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
];

/** One line per violation: where, as whom, which rule, on which elements. */
function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.map((v) => `${where}: ${v.id} (${v.impact}) at ${v.targets.join(' | ')}`);
}

/**
 * What axe blocks on the page now, as lines that say where; a page with any also leaves a
 * screenshot in e2e/artifacts/ and says whether a second run of axe still finds them (a
 * transient state, such as something appearing, or a steady fault).
 */
async function blockingLines(page: Page, where: string): Promise<string[]> {
  const violations = blocking(await axeViolations(page), ['region']);
  if (!violations.length) return [];
  const file = path.join(artifactsDir, `axe-${where.replace(/[^a-z0-9]+/gi, '-')}.png`);
  fs.mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  const again = blocking(await axeViolations(page), ['region']).map((v) => v.id);
  const second = violations.every((v) => again.includes(v.id))
    ? 'still there on a second run'
    : `a second run finds ${again.join(', ') || 'none'}`;
  return describeViolations(where, violations).map((line) => `${line} [${second}; ${file}]`);
}

for (const { name: screen, ...screenOptions } of SCREENS) {
  const size = `${screenOptions.viewport.width}×${screenOptions.viewport.height}`;
  journey(
    `every route on a ${screen} (${size}): nothing serious or critical for axe, and all content in landmarks`,
    async ({ page: guestPage, context: guest }) => {
      const browser = guest.browser()!;
      const contextOptions = { baseURL: stackInfo().baseUrl, ...screenOptions };
      const player = await browser.newContext(contextOptions);
      const admin = await browser.newContext(contextOptions);
      // Not yet answered: the cookie banner, checked once below.
      const newcomer = await browser.newContext(contextOptions);
      try {
        // Answered, as the guest's (journey()): a banner coming 1 s after each load would be
        // on some pages and not others, or arrive while axe runs.
        await Promise.all([player, admin].map(answerCookieBanner));
        const account = newAccount('axe');
        await signedIn(player, '/api/register', account);
        await signedIn(admin, '/api/admin/login', stackInfo().admin);
        const data = await makeSiteData(admin.request, player.request, account.username);
        const pages: Record<Visitor, Page> = {
          guest: guestPage,
          player: await player.newPage(),
          admin: await admin.newPage(),
        };
        for (const context of [player, admin, newcomer]) {
          context.setDefaultTimeout(STEP_TIMEOUT_MS);
        }
        // The guest's page is watched by journey(); the others' uncaught errors fail it too.
        const watched = await Promise.all([watchPage(pages.player), watchPage(pages.admin)]);

        const found: string[] = [];
        for (const [pattern, how] of Object.entries(VISITS)) {
          const page = pages[how.as];
          await open(page, how.url?.(data) ?? pattern, how, data);
          found.push(...(await blockingLines(page, `${pattern} as ${how.as} on a ${screen}`)));
        }
        // The 404 screen answers every other path.
        await guestPage.goto('/no-such-page', { waitUntil: 'networkidle' });
        await guestPage.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
        found.push(...(await blockingLines(guestPage, `* (404) as guest on a ${screen}`)));
        // A first visit, with the cookie banner.
        const firstVisit = await newcomer.newPage();
        await open(firstVisit, '/', VISITS['/'], data);
        await firstVisit.getByTestId('cookie-banner').waitFor();
        found.push(...(await blockingLines(firstVisit, `/ with the cookie banner on a ${screen}`)));

        expect(found).toEqual([]);
        expect(watched.flatMap((problems) => problems.uncaught)).toEqual([]);

        // The check itself sees what it should: a button with no name, planted on the page.
        await guestPage.evaluate(() =>
          document.querySelector('main')!.append(document.createElement('button')),
        );
        const planted = blocking(await axeViolations(guestPage)).map((v) => v.id);
        expect(planted).toEqual(['button-name']);
      } finally {
        await Promise.all([player, admin, newcomer].map((context) => context.close()));
      }
    },
    screenOptions,
  );
}

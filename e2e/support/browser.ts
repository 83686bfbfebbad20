import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@ballmatch/kit';
import { artifactsDir } from './paths';
import { watchPage, type PageProblems } from './page-problems';
import { stackInfo } from './stack-info';
import { STEP_TIMEOUT_MS } from './timeouts';

export interface Journey {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  problems: PageProblems;
}

export type JourneyOptions = BrowserContextOptions & {
  /**
   * Show the cookie banner (docs/product.md 'Cookies and audio'). Off by default: journeys start as
   * a visitor who already answered it, so the banner never covers what they click.
   */
  cookieBanner?: boolean;
};

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/**
 * One Chromium for the test file (launched in beforeAll, closed in afterAll; launch() gives it a
 * fresh temporary profile). `journey` is `test` with a fresh context (no cookies, no storage)
 * and page; a failing journey leaves a screenshot in e2e/artifacts/. Journeys go to the run's
 * stack, or to `baseUrl()` (a stack of the file's own).
 */
export function useChromium({ baseUrl: ownBaseUrl }: { baseUrl?: () => string } = {}) {
  let browser: Browser | undefined;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  function journey(
    name: string,
    body: (journey: Journey) => Promise<void>,
    { cookieBanner = false, ...options }: JourneyOptions = {},
  ): void {
    test(name, async () => {
      if (!browser) throw new Error('Chromium did not start');
      const baseUrl = ownBaseUrl ? ownBaseUrl() : stackInfo().baseUrl;
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 1280, height: 800 },
        ...options,
      });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      if (!cookieBanner) await answerCookieBanner(context);
      const page = await context.newPage();
      const problems = await watchPage(page);
      try {
        await body({ page, context, baseUrl, problems });
        // Whatever else a journey checks, the app must never throw uncaught.
        expect(problems.uncaught).toEqual([]);
      } catch (error) {
        await saveScreenshot(page, `${expect.getState().testPath ?? ''} ${name}`);
        throw error;
      } finally {
        await context.close();
      }
    });
  }

  return { journey };
}

/**
 * A second visitor beside the journey's: a browser context of its own (cookies, storage, its
 * own sockets) on `baseUrl`, its page given to `body`; closed after.
 */
export async function withOtherVisitor<T>(
  context: BrowserContext,
  baseUrl: string,
  body: (page: Page) => Promise<T>,
): Promise<T> {
  const other = await context.browser()!.newContext({ baseURL: baseUrl });
  try {
    return await body(await other.newPage());
  } finally {
    await other.close();
  }
}

/** The context's visitor has already accepted cookies: the banner never shows. */
export async function answerCookieBanner(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (!localStorage.getItem('cookieConsent')) {
      const answer = { accepted: true, timestamp: new Date().toISOString() };
      localStorage.setItem('cookieConsent', JSON.stringify(answer));
    }
  });
}

async function saveScreenshot(page: Page, label: string): Promise<void> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `failed-${slug(path.basename(label))}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true, timeout: 5000 });
    process.stderr.write(`e2e: screenshot of the failure: ${file} (page ${page.url()})\n`);
  } catch {
    // The page may be gone (e.g. the browser crashed); the error itself says enough.
  }
}

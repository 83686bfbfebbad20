// The news in Chromium against the real stack: an admin writes and publishes an update in the
// editor of /admin-updates; a guest's open page hears of it over /ws and shows the header's
// 'NEW' without a reload; opening /updates lists it and clears the badge; the update reads as
// written. And axe on the news pages and the admin's (list, editor, the feedback inbox).
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { signInAsAdmin } from '../support/accounts';
import { axeViolations, blocking } from '../support/axe';
import { useChromium } from '../support/browser';
import { stackInfo } from '../support/stack-info';

const { journey } = useChromium();

/** Resolves once the page's socket holds its subscription to the 'updates' channel. */
function subscribedToUpdates(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const message = JSON.parse(String(payload)) as Record<string, unknown>;
        if (
          message.type === 'subscription' &&
          message.channel === 'updates' &&
          message.status === 'subscribed'
        ) {
          resolve();
        }
      });
    });
  });
}

const newBadge = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByText('NEW', { exact: true });

journey(
  "an admin publishes an update: a guest's open page shows 'NEW', and /updates clears it",
  async ({ page, context }) => {
    // The guest has read whatever is out already, and waits on another page. Other test files
    // publish updates on the same stack (the axe file's site data): one that came out between
    // the reading and the waiting is read again.
    for (let reads = 1; ; reads++) {
      await page.goto('/updates', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Game Updates & News', level: 1 }).waitFor();
      const subscribed = subscribedToUpdates(page);
      await page.goto('/leaderboards');
      await subscribed;
      if ((await newBadge(page).count()) === 0) break;
      if (reads === 5) throw new Error("'NEW' stays after reading /updates five times");
    }

    const adminContext = await context.browser()!.newContext({ baseURL: stackInfo().baseUrl });
    try {
      await signInAsAdmin(adminContext);
      const admin = await adminContext.newPage();
      await admin.goto('/admin-updates');
      await admin.getByRole('link', { name: 'Write an update' }).click();
      const title = `Season news ${randomBytes(3).toString('hex')}`;
      await admin.getByRole('textbox', { name: 'Title' }).fill(title);
      const editor = admin.getByRole('textbox', { name: 'Text' });
      await editor.click();
      await admin.keyboard.type('Weekly prizes for the ');
      await admin.getByRole('button', { name: 'Bold' }).click();
      await admin.keyboard.type('top 10');
      const published = admin.waitForResponse(
        (r) => r.url().endsWith('/publish') && r.request().method() === 'POST',
      );
      await admin.getByRole('button', { name: 'Publish now' }).click();
      expect((await published).status()).toBe(200);
      await admin.getByText('Update published').waitFor();

      // No reload: the announcement over /ws brings the badge.
      await newBadge(page).waitFor();

      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /^Updates/ })
        .click();
      await page.getByRole('article', { name: title }).waitFor();
      await newBadge(page).waitFor({ state: 'detached' });

      await page
        .getByRole('article', { name: title })
        .getByRole('link', { name: title, exact: true })
        .click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      const content = page.getByTestId('update-content');
      expect((await content.textContent())?.trim()).toBe('Weekly prizes for the top 10');
      expect(await content.locator('strong').textContent()).toBe('top 10');
      expect(blocking(await axeViolations(page), ['region'])).toEqual([]);
    } finally {
      await adminContext.close();
    }
  },
);

journey(
  '/updates: axe finds it all in landmarks and nothing serious or critical',
  async ({ page }) => {
    await page.goto('/updates', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Game Updates & News', level: 1 }).waitFor();
    expect(blocking(await axeViolations(page), ['region'])).toEqual([]);
  },
);

journey(
  '/admin-updates, its editor and /admin-feedback: nothing serious or critical for axe',
  async ({ page, context }) => {
    await signInAsAdmin(context);
    await page.goto('/admin-updates', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Manage Updates', level: 1 }).waitFor();
    expect(blocking(await axeViolations(page), ['region'])).toEqual([]);

    await page.getByRole('link', { name: 'Write an update' }).click();
    await page.getByRole('textbox', { name: 'Text' }).waitFor();
    expect(blocking(await axeViolations(page), ['region'])).toEqual([]);

    const sent = await context.request.post('/api/feedback', {
      data: { name: 'Ann', email: 'ann@example.com', message: 'Line one\nline two' },
    });
    expect(sent.status()).toBe(201);
    await page.goto('/admin-feedback', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Player Feedback', level: 1 }).waitFor();
    await page.getByRole('article').first().waitFor();
    expect(blocking(await axeViolations(page), ['region'])).toEqual([]);
  },
);

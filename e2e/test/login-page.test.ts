import path from 'node:path';
import { useChromium, type Journey } from '../support/browser';
import { axeViolations, blocking } from '../support/axe';
import { artifactsDir } from '../support/paths';
import { unexpectedConsoleErrors, type ExpectedFailure } from '../support/page-problems';

const { journey } = useChromium();

/** The only failing calls a visitor's pages may make. */
const EXPECTED_FAILURES: ExpectedFailure[] = [
  // The session check: 401 means "nobody signed in" (docs/product.md 'Network and retries').
  { path: '/api/user', status: 401 },
];

async function openLogin({ page }: Journey) {
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByRole('tab', { name: 'User Login' }).waitFor();
}

journey('/login loads without console errors or CSP violations', async (j) => {
  await openLogin(j);
  // Visit every tab, so each form renders at least once.
  for (const tab of ['Admin Login', 'Register', 'User Login']) {
    await j.page.getByRole('tab', { name: tab }).click();
    await j.page.getByRole('tab', { name: tab, selected: true }).waitFor();
  }
  await j.page.waitForLoadState('networkidle');

  expect(j.problems.cspViolations).toEqual([]);
  expect(unexpectedConsoleErrors(j.problems.consoleErrors, EXPECTED_FAILURES)).toEqual([]);
  expect(j.problems.uncaught).toEqual([]);
});

journey(
  '/login: axe finds all content in landmarks (region) and nothing serious or critical',
  async (j) => {
    await openLogin(j);
    for (const tab of ['User Login', 'Admin Login', 'Register']) {
      await j.page.getByRole('tab', { name: tab }).click();
      await j.page.getByRole('tab', { name: tab, selected: true }).waitFor();
      expect(blocking(await axeViolations(j.page), ['region'])).toEqual([]);
    }
  },
);

journey(
  'the home page, with the header, loads without console errors or CSP violations',
  async ({ page, problems }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(problems.cspViolations).toEqual([]);
    expect(unexpectedConsoleErrors(problems.consoleErrors, EXPECTED_FAILURES)).toEqual([]);
  },
);

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
];

for (const { name, ...options } of VIEWPORTS) {
  journey(
    `/login fits a ${name} screen (${options.viewport.width}×${options.viewport.height})`,
    async (j) => {
      await openLogin(j);
      // Nothing sticks out sideways; the form and its submit button are on the first screen.
      const overflow = await j.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      const submit = await j.page
        .getByRole('button', { name: 'Sign In', exact: true })
        .boundingBox();
      expect(submit).not.toBeNull();
      expect(submit!.y + submit!.height).toBeLessThanOrEqual(options.viewport.height);

      // Kept for review (docs/screenshots/ holds the approved copies), entry animations
      // finished: Playwright runs them to their end before taking the picture.
      await j.page.screenshot({
        path: path.join(artifactsDir, `login-${name}.png`),
        animations: 'disabled',
      });
    },
    options,
  );
}

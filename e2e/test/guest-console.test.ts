import { useChromium } from '../support/browser';

const { journey } = useChromium();

/**
 * Issue 24: a guest's console on every page load showed the session read's 401. The answer
 * for nobody signed in stays 401; a browser that has heard it does not ask again.
 */
journey(
  "a guest's later page loads make no session read and log no error",
  async ({ page, problems }) => {
    const sessionReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user') sessionReads.push(request.method());
    });

    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    // The first visit of this browser asks once.
    expect(sessionReads).toEqual(['GET']);

    sessionReads.length = 0;
    problems.consoleErrors.length = 0;
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await page.goto('/leaderboards', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Leaderboards', level: 1 }).waitFor();
    expect(sessionReads).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  },
);

import { registerThroughApi } from '../support/accounts';
import { useChromium } from '../support/browser';

const { journey } = useChromium();

journey(
  'a signed-in non-admin who opens /admin-dashboard is sent to /',
  async ({ page, context, baseUrl }) => {
    const account = await registerThroughApi(context);
    await page.goto('/admin-dashboard');
    await page.waitForURL(`${baseUrl}/`);
    // Home, still signed in: the guard redirected, it did not sign the user out.
    await page.getByRole('banner').getByText(account.username, { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
  },
);

journey('a signed-out visitor on /user-dashboard ends on /login', async ({ page, baseUrl }) => {
  await page.goto('/user-dashboard');
  // With the page to come back to after signing in.
  await page.waitForURL(`${baseUrl}/login?next=%2Fuser-dashboard`);
  await page.getByRole('tab', { name: 'User Login' }).waitFor();
});

journey('an unknown path shows the 404 screen, answered with HTTP 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/no/such/page');
  await page.getByRole('link', { name: 'Go Home' }).waitFor();
});

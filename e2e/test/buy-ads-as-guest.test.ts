// A guest who chooses 'Buy Ads' is asked to sign in and, once registered, is on /buy-ads, not on
// the dashboard (issue 24: the intent was lost).
import { newAccount, registerHere } from '../support/accounts';
import { useChromium } from '../support/browser';

const { journey } = useChromium();

journey("a guest's 'Buy Ads' leads through registering to /buy-ads", async ({ page, baseUrl }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Buy Ads' }).click();
  await page.waitForURL(`${baseUrl}/login?next=%2Fbuy-ads`);

  await registerHere(page, newAccount('buyer'));

  await page.waitForURL(`${baseUrl}/buy-ads`);
  await page.getByRole('heading', { name: 'Buy Ads' }).waitFor();
});

// An ad link that has expired, opened in a browser tab, shows a page that says so with a way back
// to the site, not the API's raw JSON (issue 24).
import { useChromium } from '../support/browser';

const { journey } = useChromium();

journey('an expired ad link shows a readable page with a link home', async ({ page, baseUrl }) => {
  const response = await page.goto('/api/ads/go/AAAAAAAAAAAAAAAAAAAAAA');
  expect(response?.status()).toBe(404);
  await page.getByRole('heading', { name: 'This ad link has expired' }).waitFor();
  expect(await page.getByText('"message"').count()).toBe(0);
  await page.getByRole('link', { name: 'Back to BallMatch' }).click();
  await page.waitForURL(`${baseUrl}/`);
});

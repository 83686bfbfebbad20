import { randomUUID } from 'node:crypto';
import { useChromium } from '../support/browser';

const { journey } = useChromium();

// Issue 24: an unknown /updates/{id} showed the 404 screen with HTTP 200.
journey(
  'an unknown /updates/{id} shows the 404 screen, answered with HTTP 404',
  async ({ page }) => {
    const path = `/updates/${randomUUID()}`;
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  },
);

// The information pages in Chromium against the real stack: each holds its content in
// landmarks with nothing serious for axe, and /contact sends a message through the gateway to
// the content service (the server's refusal of a field shown under it).
import { axeViolations, blocking } from '../support/axe';
import { useChromium } from '../support/browser';

const { journey } = useChromium();

const PAGES = [
  ['/about', 'About BallMatch'],
  ['/faq', 'Frequently Asked Questions'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/contact', 'Contact'],
] as const;

for (const [path, heading] of PAGES) {
  journey(
    `${path}: axe finds it all in landmarks and nothing serious or critical`,
    async ({ page }) => {
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(blocking(await axeViolations(page), ['region'])).toEqual([]);
    },
  );
}

journey(
  'a visitor sends a message on /contact; a refused address is shown under its field',
  async ({ page }) => {
    await page.goto('/contact', { waitUntil: 'networkidle' });
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByRole('textbox', { name: 'Your name' }).fill('Ann');
    // The browser's own check takes it; the server's does not (no dot in the domain).
    await form.getByRole('textbox', { name: 'Email' }).fill('ann@localhost');
    await form.getByRole('textbox', { name: 'Message' }).fill('The board froze on level 7.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const email = form.getByRole('textbox', { name: 'Email' });
    await page.locator('.field--invalid').getByText('Enter a valid email address').waitFor();
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');

    await email.fill('ann@example.com');
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await sent).status()).toBe(201);
    await page.getByRole('status').getByText('Thanks, Ann!').waitFor();
  },
);

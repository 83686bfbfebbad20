// Screenshots of the information pages (/about, /faq, /privacy-policy, /terms-of-service,
// /contact) on a 390×844 phone and a 1280×800 desktop, each down to the end of its content.
// /contact is shot as a signed-in player (name and email filled in) and again after sending a
// message through the real feedback route. It starts its own isolated stack (fresh database,
// Redis and NATS prefixes, free-standing ports).
// A scenario of web/scripts/screenshots.mjs (`node web/scripts/screenshots.mjs info`).
import { randomBytes } from 'node:crypto';
import { apiClient, post } from '../lib/shots.mjs';

const PAGES = ['/about', '/faq', '/privacy-policy', '/terms-of-service', '/contact'];
const PLAYER = {
  username: 'ann_plays',
  email: 'ann.long.address.for.the.phone@mail.example.org',
  password: `shots-${randomBytes(6).toString('hex')}`,
};

export const about = 'the information pages and the contact form, as a signed-in player';

/** The player whose name and email the contact form shows. */
export async function seed(stack) {
  const client = await apiClient(stack.url);
  await post(client, '/api/register', PLAYER);
  await client.dispose();
}

export function shoot(camera) {
  return camera.eachViewport(async (context, viewport) => {
    await post(context.request, '/api/login', { email: PLAYER.email, password: PLAYER.password });
    const page = await context.newPage();
    for (const route of PAGES) {
      await page.goto(route, { waitUntil: 'networkidle' });
      if (route === '/faq') await page.locator('details summary').first().click();
      await camera.shootPage(page, `${route.slice(1)}-${viewport}`);
    }
    // The thank-you after a message really sent.
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('The board froze on level 7 after a big cascade.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page
      .getByRole('status')
      .getByText(/^Thanks, /)
      .waitFor();
    await camera.shootPage(page, `contact-sent-${viewport}`);
  });
}

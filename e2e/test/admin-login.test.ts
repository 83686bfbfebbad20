import { useChromium } from '../support/browser';
import { stackInfo } from '../support/stack-info';

const { journey } = useChromium();

journey(
  'an admin signs in on the Admin Login tab and lands on /admin-dashboard',
  async ({ page, baseUrl }) => {
    const { admin } = stackInfo();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Admin Login' }).click();
    const form = page.getByRole('form', { name: 'Admin login' });
    await form.getByLabel('Username').fill(admin.username);
    await form.getByLabel('Password').fill(admin.password);
    await form.getByRole('button', { name: 'Sign In as Admin' }).click();

    await page.waitForURL(`${baseUrl}/admin-dashboard`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Admin', exact: true }).waitFor();
    await header.getByText(admin.username, { exact: true }).waitFor();
    // The page's own server check agrees that this is an admin session.
    await page.getByText('Admin session verified').waitFor();
  },
);

journey('a wrong admin password shows the server message in the red box', async ({ page }) => {
  const { admin } = stackInfo();
  await page.goto('/login?tab=admin');
  const form = page.getByRole('form', { name: 'Admin login' });
  await form.getByLabel('Username').fill(admin.username);
  await form.getByLabel('Password').fill(`${admin.password}-wrong`);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/login'),
    form.getByRole('button', { name: 'Sign In as Admin' }).click(),
  ]);
  expect(response.status()).toBe(401);
  const { message } = (await response.json()) as { message: string };
  expect(message).toEqual(expect.any(String));

  const box = form.getByRole('alert');
  await box.waitFor();
  expect((await box.textContent())?.trim()).toBe(message);
  // A red box (docs/product.md 'Accounts and sign-in'): its border is clearly red-dominant.
  const colour = await box.evaluate((el) => getComputedStyle(el).borderTopColor);
  const [r, g, b] = colour.match(/\d+/g)!.map(Number);
  expect(r).toBeGreaterThan(g + 60);
  expect(r).toBeGreaterThan(b + 60);
  // ...above the button.
  const boxTop = (await box.boundingBox())!.y;
  const buttonTop = (await form.getByRole('button', { name: 'Sign In as Admin' }).boundingBox())!.y;
  expect(boxTop).toBeLessThan(buttonTop);
  expect(new URL(page.url()).pathname).toBe('/login');
});

import { newAccount, registerOnLoginPage } from '../support/accounts';
import { useChromium } from '../support/browser';

const { journey } = useChromium();

journey(
  'a visitor registers on /login, sees their name in the header, logs out, and the session is gone',
  async ({ page, context, baseUrl }) => {
    const account = newAccount('reg');
    await registerOnLoginPage(page, baseUrl, account);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const header = page.getByRole('banner');
    await header.getByText(account.username, { exact: true }).waitFor();
    await page.getByText('Registration successful').waitFor();
    const [session] = await context.cookies();
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await header.getByRole('button', { name: 'Logout' }).click();
    await header.getByRole('link', { name: 'Login' }).waitFor();
    await page.getByText('Logged out', { exact: true }).waitFor();
    expect(await header.getByText(account.username, { exact: true }).count()).toBe(0);

    // The browser's own session ends...
    const status = await page.evaluate(async () => (await fetch('/api/user')).status);
    expect(status).toBe(401);
    // ...and the token it held stops working at once, even if someone kept a copy.
    const replayed = await fetch(`${baseUrl}/api/user`, {
      headers: { cookie: `${session.name}=${session.value}` },
    });
    expect(replayed.status).toBe(401);
  },
);

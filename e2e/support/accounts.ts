import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { stackInfo } from './stack-info';

export interface NewAccount {
  username: string;
  email: string;
  password: string;
}

/** A fresh account's details; unique per call, within the 3–20 character username rule. */
export function newAccount(prefix = 'e2e'): NewAccount {
  const id = randomBytes(5).toString('hex');
  return {
    username: `${prefix}_${id}`.slice(0, 20),
    email: `${prefix}.${id}@example.com`,
    password: `pw-${randomBytes(8).toString('hex')}`,
  };
}

/**
 * Registers an account through the API from inside the browser context, which then holds its
 * session cookie: for journeys that need a signed-in user but are not about registering.
 */
export async function registerThroughApi(context: BrowserContext): Promise<NewAccount> {
  const account = newAccount('user');
  const response = await context.request.post('/api/register', { data: account });
  if (response.status() !== 200) {
    throw new Error(`register ${account.username}: ${response.status()} ${await response.text()}`);
  }
  return account;
}

/** Signs the browser context in as the stack's admin through the API (it holds the cookie). */
export async function signInAsAdmin(context: BrowserContext): Promise<void> {
  const { admin } = stackInfo();
  const response = await context.request.post('/api/admin/login', {
    data: { username: admin.username, password: admin.password },
  });
  if (response.status() !== 200) {
    throw new Error(`admin login: ${response.status()} ${await response.text()}`);
  }
}

/**
 * Registers `account` as a visitor does, on the Register tab of /login, and waits for the
 * dashboard the page then lands on.
 */
export async function registerOnLoginPage(
  page: Page,
  baseUrl: string,
  account: NewAccount,
): Promise<void> {
  await page.goto('/login');
  await registerHere(page, account);
  await page.waitForURL(`${baseUrl}/user-dashboard`);
}

/** Registers `account` on the Register tab of the /login page the browser is on. */
export async function registerHere(page: Page, account: NewAccount): Promise<void> {
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
}

import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';

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

import fs from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { site } from '@/config/site';
import { textOutsideLandmarks } from './helpers/landmarks';
import { renderApp } from './helpers/render-app';

async function open(page: string, heading: string) {
  renderApp(page);
  await screen.findByRole('heading', { name: heading, level: 1 });
  return within(screen.getByRole('main'));
}

/** The backticked keys of docs/product.md 'Stored on this device'. */
function keysStoredOnThisDevice(): string[] {
  const product = fs.readFileSync(path.join(__dirname, '../../docs/product.md'), 'utf8');
  const section = product.split('## Stored on this device')[1]!.split('\n## ')[0]!;
  return [...section.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

describe('information pages', () => {
  it.each([
    ['/about', 'About BallMatch'],
    ['/faq', 'Frequently Asked Questions'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/contact', 'Contact'],
  ])('%s has its heading and holds everything in landmarks', async (page, heading) => {
    await open(page, heading);
    expect(textOutsideLandmarks()).toEqual([]);
  });

  it('the privacy policy names the one cookie and every key stored on the device', async () => {
    const main = await open('/privacy-policy', 'Privacy Policy');
    const keys = keysStoredOnThisDevice();
    expect(keys.length).toBeGreaterThanOrEqual(8);
    for (const key of [...keys, 'bm_session']) expect(main.getByText(key)).toBeTruthy();
    const storage = main.getByRole('table', { name: /local storage/ });
    expect(within(storage).getAllByRole('row')).toHaveLength(keys.length + 1);
  });

  it('the privacy policy says how long each kind of data is kept, and how to export or delete', async () => {
    const main = await open('/privacy-policy', 'Privacy Policy');
    const kept = main.getByRole('table', { name: /stores, why, and for how long/ });
    const rows = within(kept).getAllByRole('row').slice(1);
    const named = rows.map((row) => within(row).getByRole('rowheader').textContent ?? '');
    for (const what of [
      /^Your account/,
      /^Scores/,
      /^Game sessions.*device fingerprint.*IP address/,
      /^Ads you buy/,
      /^Ad views and clicks/,
      /^Messages from the contact form/,
      /^Security records/,
    ]) {
      expect(named.some((text) => what.test(text))).toBe(true);
    }
    for (const row of rows)
      expect(row.querySelector('[data-label="How long"]')?.textContent).toBeTruthy();
    expect(main.getByText(/Export my data/)).toBeTruthy();
    expect(main.getByText(/Delete my account/)).toBeTruthy();
    expect(main.getByText(/Stripe/)).toBeTruthy();
    expect(main.getAllByRole('link', { name: 'Edit Profile' })[0]!.getAttribute('href')).toBe(
      '/edit-profile',
    );
  });

  it("the terms give the ads' refund rules", async () => {
    const main = await open('/terms-of-service', 'Terms of Service');
    const refunds = main.getByRole('heading', { name: 'Payments and refunds' }).nextElementSibling!;
    expect(refunds.textContent).toMatch(/Rejected at review: refunded in full, once/);
    expect(refunds.textContent).toMatch(/Paused by us: the paused time is added to the end/);
    expect(refunds.textContent).toMatch(
      /Ended early by us: we refund the share of the run not yet served/,
    );
    expect(refunds.textContent).toMatch(/'payment failed'/);
  });

  it("about links the header's community chat", async () => {
    const about = await open('/about', 'About BallMatch');
    expect(about.getByRole('link', { name: 'community chat' }).getAttribute('href')).toBe(
      site.communityChatUrl,
    );
  });

  it("the FAQ's topics hold their questions and answers", async () => {
    const faq = await open('/faq', 'Frequently Asked Questions');
    expect(faq.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Playing',
      'Scores and leaderboards',
      'Your account',
      'Advertising',
    ]);
    const question = faq.getByText('When does the weekly leaderboard reset?');
    expect(question.closest('details')?.textContent).toContain('Every Monday at 00:00 UTC');
  });
});

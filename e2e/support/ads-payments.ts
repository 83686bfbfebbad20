// Payments for the run's stack: the ads service's Stripe stand-in
// (services/ads/test/stripe-stand-in.ts), which the real Stripe SDK talks to and whose hosted
// 'Pay' page posts a signed webhook to the gateway. globalSetup starts it; journeys route the
// browser to its hosted page.
import type { BrowserContext } from 'playwright-core';
import { startStripeStandIn, type StripeStandIn } from '../../services/ads/test/stripe-stand-in';
import { STACK_ENV } from './stack-info';

/**
 * Where the browser is sent to pay. The web app follows only https payment links (Stripe's
 * are), so the stand-in names its hosted page at this address and journeys route it to the
 * stand-in (routeHostedPages): no certificate, and no request leaves the machine.
 */
export const HOSTED_PAGE_BASE = 'https://checkout.stripe-stand-in.test';

/** The stand-in, and what the stack's ads service needs to use it (and the gateway's webhook). */
export async function startPayments(
  gatewayPort: number,
): Promise<{ standIn: StripeStandIn; env: Record<string, string> }> {
  const standIn = await startStripeStandIn({
    webhookUrl: `http://127.0.0.1:${gatewayPort}/api/payments/stripe/webhook`,
    hostedPageBase: HOSTED_PAGE_BASE,
  });
  return {
    standIn,
    env: {
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_BASE: standIn.apiBase,
      // Checkout sends the buyer back to PUBLIC_URL, which scripts/stack.mjs sets to the
      // address the journeys browse.
    },
  };
}

/**
 * Sends the context's requests for the hosted page to the run's stand-in, as they are (the
 * 'Pay' form's POST too), and hands its answer back unchanged: its redirect to the site's
 * /payment-success is followed by the browser, with the site's cookies. `onPaid` runs once the
 * stand-in has answered 'Pay' (the webhook delivered) and before the browser is sent back.
 */
export async function routeHostedPages(
  context: BrowserContext,
  { onPaid }: { onPaid?: () => Promise<void> } = {},
): Promise<void> {
  const apiBase = process.env[STACK_ENV.stripeApiBase];
  if (!apiBase) throw new Error(`${STACK_ENV.stripeApiBase} is not set: no Stripe stand-in`);
  await context.route(`${HOSTED_PAGE_BASE}/**`, async (route) => {
    const asked = new URL(route.request().url());
    const response = await route.fetch({
      url: `${apiBase}${asked.pathname}${asked.search}`,
      maxRedirects: 0,
    });
    if (route.request().method() === 'POST') await onPaid?.();
    await route.fulfill({ response });
  });
}

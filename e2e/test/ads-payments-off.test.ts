// Without Stripe keys (docs/product.md 'Advertising', docs/api.md 'Catalog and prices'): every
// payment page shows 'Payment System Not Available' with 'Go to Game', and ordering answers 503.
// The run's shared stack pays through the Stripe stand-in, so this runs on a stack of its own,
// started with no Stripe settings (support/restartable-stack.ts).
import { registerThroughApi } from '../support/accounts';
import { useChromium } from '../support/browser';
import { useRestartableStack } from '../support/restartable-stack';

const stack = useRestartableStack('stack-no-payments.log');
const { journey } = useChromium({ baseUrl: () => stack.url });

journey(
  "ads: with no payment provider, the payment pages say 'Payment System Not Available'",
  async ({ page, context, baseUrl }) => {
    await registerThroughApi(context);

    for (const route of ['/buy-banner-ads', '/payment-success?order=x', '/buy-ads']) {
      await page.goto(route);
      await page.getByRole('heading', { name: 'Payment System Not Available' }).waitFor();
      await page.getByText('the payment system is not configured').waitFor();
    }
    // Nor can an order be made by calling the API.
    const order = await context.request.post('/api/ads/orders', {
      headers: { 'Idempotency-Key': 'e2e-no-payments-1' },
      data: {
        kind: 'ball',
        color: 'red',
        imageKey: 'none',
        destinationUrl: 'https://example.com/',
        runDays: 1,
      },
    });
    expect(order.status()).toBe(503);
    expect(await order.json()).toMatchObject({ message: 'Payment System Not Available' });

    await page.getByRole('link', { name: 'Go to Game' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'PLAY NOW!' }).waitFor();
  },
);

import express, { Router } from 'express';
import type { GatewayDeps } from '../context';
import { STRIPE_CALL } from './ads';

/**
 * Stripe's webhook (docs/api.md 'Buying'). Stripe signs the exact bytes it sends, so the body
 * goes to the ads service raw, with its Stripe-Signature header; the service verifies both
 * (and the event's age) and applies each event once. Stripe is no browser: app.ts mounts this
 * before the Origin check and the JSON parser, and it needs no session.
 */
const eventBytes = express.raw({ type: () => true, limit: '1mb' });

export function paymentRoutes({ ads }: GatewayDeps): Router {
  const router = Router();

  router.post('/payments/stripe/webhook', eventBytes, async (req, res) => {
    await ads.handleStripeWebhook(
      {
        payload: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        signature: req.get('stripe-signature') ?? '',
      },
      STRIPE_CALL,
    );
    res.json({ received: true });
  });

  return router;
}

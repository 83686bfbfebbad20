import { Router, type Request } from 'express';
import { z } from 'zod';
import { AppError, parseBody } from '@ballmatch/platform';
import type { GatewayDeps } from '../context';
import { requireUser } from '../middleware/session';
import { readCache } from '../read-cache';
import { optionalText, requiredText, uuidParam, wireInteger } from '../validation';

/**
 * Buying ads (docs/api.md 'Ads and payments': catalog and buying). The ads service checks the
 * caller and every rule itself; this router checks shapes, and that a caller is signed in.
 * Uploads live in media.ts (a raw body) and the Stripe webhook in payments.ts.
 */

/** Calls that reach Stripe (sessions, its payment state) get longer than the default 3 s. */
export const STRIPE_CALL = { timeoutMs: 15_000 };

const orderBody = z.object({
  kind: requiredText('kind', 20),
  color: optionalText('color', 20),
  imageKey: requiredText('imageKey', 200),
  // Longer than the service's rule (2000), so its message is the one shown.
  destinationUrl: requiredText('destinationUrl', 10_000),
  runDays: wireInteger('runDays', 'int32'),
});

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The page's key for one purchase: a double click or a retry sends the same one. */
function idempotencyKey(req: Request): string {
  const key = req.get('idempotency-key');
  const field = 'Idempotency-Key';
  if (!key) {
    throw new AppError('INVALID_ARGUMENT', 'The Idempotency-Key header is required', { field });
  }
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new AppError(
      'INVALID_ARGUMENT',
      'Idempotency-Key must be 8 to 100 letters, digits, - or _',
      { field },
    );
  }
  return key;
}

const orderId = (req: Request) => uuidParam(req.params.id, 'id', 'an order id');

export function adRoutes(deps: GatewayDeps): Router {
  const { ads, advertiser } = deps;
  const router = Router();
  const cache = readCache(deps);

  router.get('/ads/catalog', async (req, res) => {
    await cache.sendJson(req, res, 'ads:catalog', () => ads.getCatalog({}));
  });

  router.post('/ads/orders', requireUser, async (req, res) => {
    const key = idempotencyKey(req);
    const body = parseBody(orderBody, req.body);
    const { ad, created } = await advertiser.createOrder({
      kind: body.kind,
      color: body.color ?? '',
      imageKey: body.imageKey,
      destinationUrl: body.destinationUrl,
      runDays: body.runDays,
      idempotencyKey: key,
    });
    res.status(created ? 201 : 200).json(ad);
  });

  router.post('/ads/orders/:id/checkout', requireUser, async (req, res) => {
    const { checkoutUrl } = await advertiser.startCheckout({ orderId: orderId(req) }, STRIPE_CALL);
    res.json({ checkoutUrl });
  });

  router.get('/ads/orders/:id', requireUser, async (req, res) => {
    res.json((await advertiser.getOrder({ orderId: orderId(req) }, STRIPE_CALL)).ad);
  });

  router.get('/ads/mine', requireUser, async (_req, res) => {
    res.json((await advertiser.listMyAds({})).ads);
  });

  return router;
}

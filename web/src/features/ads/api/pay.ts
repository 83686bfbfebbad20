// Ordering and paying (docs/api.md 'Buying'). An order is created once per form: the page makes
// its Idempotency-Key when the form opens, so a double click or a retry answers the same order.
// Paying is Stripe Checkout: the server makes (or reuses) the order's session and the browser
// goes there.
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
import { leavePageFor } from '../lib/leave-page';
import { isSafeLink } from '../lib/links';
import { orderPath } from './get-order';
import type { Ad, OrderInput } from './types';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** POST /api/ads/orders: the new ad, awaiting payment (the same key: the same order). */
export function createOrder(input: OrderInput, idempotencyKey: string): Promise<Ad> {
  // A retry is safe (the key makes it the same order); one is enough for a person waiting.
  return api.post<Ad>(apiPaths.adOrders, input, {
    retries: 1,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

/** POST /api/ads/orders/{id}/checkout: where to pay (Stripe's page, or this site in tests). */
export async function startCheckout(orderId: string): Promise<string> {
  const answer = await api.post<{ checkoutUrl?: unknown } | null>(
    `${orderPath(orderId)}/checkout`,
    {},
    { retries: 1, timeoutMs: 15_000 },
  );
  const url = answer?.checkoutUrl;
  if (typeof url !== 'string' || !isSafeLink(url)) {
    throw new Error('The payment page address is missing or not https');
  }
  return url;
}

/** 'Pay' on the order form: the order (once per key), then its checkout. */
export function useOrderAndPay() {
  return useMutation({
    mutationFn: async ({ input, idempotencyKey }: { input: OrderInput; idempotencyKey: string }) =>
      startCheckout((await createOrder(input, idempotencyKey)).orderId),
    onSuccess: (url) => leavePageFor(url),
  });
}

/** 'Pay' for an order already made (the payment page). */
export function usePayOrder() {
  return useMutation({ mutationFn: startCheckout, onSuccess: (url) => leavePageFor(url) });
}

import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { fetchFrom } from '@/lib/query-client';
import type { Ad } from './types';

export const orderPath = (orderId: string) => `${apiPaths.adOrders}/${encodeURIComponent(orderId)}`;

/**
 * GET /api/ads/orders/{id}: the order's ad. While it awaits payment the server asks Stripe
 * first, so reading it again is how a page learns the payment went through.
 */
export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['ads', 'orders', orderId],
    queryFn: fetchFrom<Ad>(orderPath(orderId)),
  });
}

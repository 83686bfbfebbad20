// The admin's changes to an ad (docs/api.md 'Review and management'). Each answers the ad as it
// now is; afterwards every admin list and statistic is refreshed, also after a refusal (a 409
// means the list was out of date).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { apiPaths } from '@/config/api-paths';
import { api, type RequestOptions } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/utils/format';
import { invalidateAdminAds } from './get-ads';
import type { Ad } from './types';

/**
 * Not retried: a repeat of a change that did land would be refused (409, the ad has moved on)
 * and read as a failure. The refreshed list shows what happened.
 */
const ONCE: RequestOptions = { retries: 0 };

export type EndRefund = 'unused' | 'none';

export const adActionRequests = {
  approve: ({ id, startsAt }: { id: string; startsAt?: string }) =>
    api.post<Ad>(apiPaths.adminAdAction(id, 'approve'), startsAt ? { startsAt } : {}, ONCE),
  reject: ({ id, reason }: { id: string; reason: string }) =>
    api.post<Ad>(apiPaths.adminAdAction(id, 'reject'), { reason }, ONCE),
  pause: ({ id }: { id: string }) => api.post<Ad>(apiPaths.adminAdAction(id, 'pause'), {}, ONCE),
  resume: ({ id }: { id: string }) => api.post<Ad>(apiPaths.adminAdAction(id, 'resume'), {}, ONCE),
  end: ({ id, refund }: { id: string; refund: EndRefund }) =>
    api.post<Ad>(apiPaths.adminAdAction(id, 'end'), { refund }, ONCE),
  schedule: ({ id, startsAt }: { id: string; startsAt: string }) =>
    api.post<Ad>(apiPaths.adminAdAction(id, 'schedule'), { startsAt }, ONCE),
};

type AdAction = keyof typeof adActionRequests;
type ActionInput<A extends AdAction> = Parameters<(typeof adActionRequests)[A]>[0];

const money = (cents: number, ad: Ad) => formatMoney(cents, ad.currency);

/** The success toast of each action, from the ad the server answered. */
const successToasts: Record<AdAction, (ad: Ad) => { title: string; description: string }> = {
  approve: (ad) => ({
    title: 'Ad approved',
    description:
      ad.state === 'scheduled' ? `It starts ${formatDateTime(ad.startsAt)}.` : 'It is running now.',
  }),
  reject: (ad) => ({
    title: 'Ad rejected',
    description: `The advertiser sees your reason and is refunded in full (${money(ad.priceCents, ad)}).`,
  }),
  pause: () => ({ title: 'Ad paused', description: 'It is not shown until you resume it.' }),
  resume: (ad) => ({
    title: 'Ad resumed',
    description: `Its end moved to ${formatDateTime(ad.endsAt)}.`,
  }),
  end: (ad) => ({
    title: 'Ad ended',
    description:
      ad.refundedCents > 0 ? `Refunded ${money(ad.refundedCents, ad)}.` : 'No refund was made.',
  }),
  schedule: (ad) => ({
    title: 'Start changed',
    description: `It starts ${formatDateTime(ad.startsAt)}.`,
  }),
};

/** One admin action on an ad: toasts its outcome on success and refreshes the ad lists. */
export function useAdAction<A extends AdAction>(action: A) {
  const client = useQueryClient();
  const request = adActionRequests[action] as (input: ActionInput<A>) => Promise<Ad>;
  return useMutation({
    mutationFn: request,
    onSuccess: (ad) => toast({ ...successToasts[action](ad), variant: 'success' }),
    onSettled: () => invalidateAdminAds(client),
  });
}

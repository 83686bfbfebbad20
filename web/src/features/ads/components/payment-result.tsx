import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { CenteredSpinner, Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { orderQueryOptions } from '../api/get-order';
import type { Ad } from '../api/types';
import { stateWords } from '../lib/format';
import { OrderLoadError } from './order-payment';
import { OrderSummary } from './order-summary';
import './order-page.css';

/** While the order still awaits payment, it is read again this often... */
export const PAYMENT_POLL_MS = 2000;
/** ...this many times at most (half a minute), then the page says so and stops. */
export const PAYMENT_POLL_LIMIT = 15;

export const PAYMENT_RECEIVED = 'Payment received — your ad is awaiting review';

/** Read again while the payment has not been seen, within the limit. */
export function pollWhileAwaitingPayment(query: Query<Ad, Error, Ad, readonly unknown[]>) {
  const { data, dataUpdateCount } = query.state;
  return data?.state === 'awaiting_payment' && dataUpdateCount < PAYMENT_POLL_LIMIT
    ? PAYMENT_POLL_MS
    : false;
}

function headline(ad: Ad, stillChecking: boolean): string {
  if (ad.state === 'awaiting_review') return PAYMENT_RECEIVED;
  if (ad.state === 'awaiting_payment') {
    return stillChecking
      ? 'Checking your payment...'
      : 'Your payment has not reached us yet. It can take a few minutes.';
  }
  return `Your ad: ${stateWords(ad.state).toLowerCase()}`;
}

/**
 * Back from the payment page: the server checks the payment itself (the page's word counts for
 * nothing), so the order is read, and read again while it still awaits payment.
 */
export function PaymentResult({ orderId }: { orderId: string }) {
  const options = orderQueryOptions(orderId);
  const order = useQuery({ ...options, refetchInterval: pollWhileAwaitingPayment });
  // How many answers have come: the poll's own count (the observer does not carry it). Reading
  // the time of the last answer below makes every answer render again, so the count is current.
  const answers = useQueryClient().getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  const checkedAt = order.dataUpdatedAt;

  if (order.isPending) return <CenteredSpinner label="Checking your payment" fullScreen={false} />;
  if (order.isError) return <OrderLoadError error={order.error} />;
  const ad = order.data;
  const stillChecking = ad.state === 'awaiting_payment' && answers < PAYMENT_POLL_LIMIT;
  return (
    <Card>
      <CardBody className="order-page">
        <div className="order-page__headline" aria-live="polite">
          {stillChecking && <Spinner size={22} label="Checking" />}
          <h2 data-testid="payment-result">{headline(ad, stillChecking)}</h2>
        </div>
        {ad.state === 'awaiting_payment' && (
          <p className="order-page__checked">
            Last checked at {new Date(checkedAt).toLocaleTimeString()}
          </p>
        )}
        <OrderSummary ad={ad} />
        {ad.state === 'awaiting_payment' && !stillChecking && (
          <ButtonLink to={paths.paymentOf(ad.orderId)}>See the order</ButtonLink>
        )}
        <ButtonLink to={paths.userDashboard} variant="secondary">
          Go to Dashboard
        </ButtonLink>
      </CardBody>
    </Card>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { CenteredSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { orderQueryOptions } from '../api/get-order';
import { usePayOrder } from '../api/pay';
import { OrderSummary } from './order-summary';
import './order-page.css';

/** An order's page: where it stands, and 'Pay' while it awaits payment. */
export function OrderPayment({ orderId }: { orderId: string }) {
  const order = useQuery(orderQueryOptions(orderId));
  const pay = usePayOrder();

  if (order.isPending) return <CenteredSpinner label="Loading your order" fullScreen={false} />;
  if (order.isError) return <OrderLoadError error={order.error} />;
  const ad = order.data;
  return (
    <Card>
      <CardBody className="order-page">
        <OrderSummary ad={ad} />
        {ad.state === 'awaiting_payment' && (
          <>
            {pay.isError && (
              <Alert>{errorMessage(pay.error, 'The payment could not be started.')}</Alert>
            )}
            <Button
              size="lg"
              block
              disabled={pay.isPending || pay.isSuccess}
              onClick={() => pay.mutate(ad.orderId)}
            >
              {pay.isPending || pay.isSuccess ? 'Going to payment...' : 'Pay'}
            </Button>
          </>
        )}
        {ad.state === 'payment_failed' && (
          <ButtonLink to={ad.kind === 'ball' ? paths.buyAds : paths.buyBannerAds} block>
            Order again
          </ButtonLink>
        )}
        <ButtonLink to={paths.userDashboard} variant="secondary" block>
          Go to Dashboard
        </ButtonLink>
      </CardBody>
    </Card>
  );
}

/** An order that cannot be read: not this advertiser's (404), or the server is away. */
export function OrderLoadError({ error }: { error: unknown }) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <div className="order-page">
      <Alert>
        {missing
          ? 'This order was not found.'
          : `${errorMessage(error, 'Your order cannot be read right now.')} Please try again in a moment.`}
      </Alert>
      <ButtonLink to={paths.userDashboard} variant="secondary">
        Go to Dashboard
      </ButtonLink>
    </div>
  );
}

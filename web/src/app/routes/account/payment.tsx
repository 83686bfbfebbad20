import { useSearchParams } from 'react-router';
import { Page } from '@/components/page/page';
import { OrderPayment } from '@/features/ads/components/order-payment';
import { MissingOrder } from '@/features/ads/components/missing-order';
import { PaymentsGate } from '@/features/ads/components/payments-gate';

export default function PaymentRoute() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  return (
    <PaymentsGate>
      {() => (
        <Page className="page--narrow" title="Payment" subtitle="Your ad order and its payment.">
          {orderId ? <OrderPayment orderId={orderId} /> : <MissingOrder />}
        </Page>
      )}
    </PaymentsGate>
  );
}

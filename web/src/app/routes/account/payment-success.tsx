import { useSearchParams } from 'react-router';
import { Page } from '@/components/page/page';
import { MissingOrder } from '@/features/ads/components/missing-order';
import { PaymentResult } from '@/features/ads/components/payment-result';
import { PaymentsGate } from '@/features/ads/components/payments-gate';

export default function PaymentSuccessRoute() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  return (
    <PaymentsGate>
      {() => (
        <Page
          className="page--narrow"
          title="Payment"
          docTitle="Payment received"
          subtitle="Thank you for your order!"
        >
          {orderId ? <PaymentResult orderId={orderId} /> : <MissingOrder />}
        </Page>
      )}
    </PaymentsGate>
  );
}

import { OrderPage } from '@/features/ads/components/order-page';
import { PaymentResult } from '@/features/ads/components/payment-result';

export default function PaymentSuccessRoute() {
  return (
    <OrderPage docTitle="Payment received" subtitle="Thank you for your order!">
      {(orderId) => <PaymentResult orderId={orderId} />}
    </OrderPage>
  );
}

import { OrderPage } from '@/features/ads/components/order-page';
import { OrderPayment } from '@/features/ads/components/order-payment';

export default function PaymentRoute() {
  return (
    <OrderPage subtitle="Your ad order and its payment.">
      {(orderId) => <OrderPayment orderId={orderId} />}
    </OrderPage>
  );
}

import { ComingSoon } from '@/components/page/coming-soon';

export default function PaymentRoute() {
  return (
    <ComingSoon
      title="Payment"
      subtitle="Secure card payment."
      description="Card payments for ads will be handled here by our payment provider."
    />
  );
}

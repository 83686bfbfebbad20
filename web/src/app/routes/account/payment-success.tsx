import { ComingSoon } from '@/components/page/coming-soon';

export default function PaymentSuccessRoute() {
  return (
    <ComingSoon
      title="Payment Successful"
      subtitle="Thank you for your order!"
      description="Order confirmations will be shown here once ad purchases open."
    />
  );
}

import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/page/page';
import { MissingOrder } from './missing-order';
import { PaymentsGate } from './payments-gate';

/** A page about the order in `?order=` (payment, its result), while payments are open. */
export function OrderPage({
  subtitle,
  docTitle,
  children,
}: {
  subtitle: string;
  docTitle?: string;
  children: (orderId: string) => ReactNode;
}) {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  return (
    <PaymentsGate>
      {() => (
        <Page className="page--narrow" title="Payment" docTitle={docTitle} subtitle={subtitle}>
          {orderId ? children(orderId) : <MissingOrder />}
        </Page>
      )}
    </PaymentsGate>
  );
}

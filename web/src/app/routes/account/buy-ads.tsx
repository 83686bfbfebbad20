import { PageTitle } from '@/components/page/page-title';
import { AdOrderForm } from '@/features/ads/components/ad-order-form';
import { PaymentsGate } from '@/features/ads/components/payments-gate';

export default function BuyAdsRoute() {
  return (
    <PaymentsGate>
      {(catalog) => (
        <div className="page">
          <PageTitle
            title="Buy Ads"
            subtitle="Put your image on every ball of one colour, in every game players start."
          />
          <AdOrderForm kind="ball" catalog={catalog} />
        </div>
      )}
    </PaymentsGate>
  );
}

import { PageTitle } from '@/components/page/page-title';
import { AdOrderForm } from '@/features/ads/components/ad-order-form';
import { PaymentsGate } from '@/features/ads/components/payments-gate';

export default function BuyBannerAdsRoute() {
  return (
    <PaymentsGate>
      {(catalog) => (
        <div className="page">
          <PageTitle
            title="Buy Banner Ads"
            subtitle="Your banner at the foot of every page, linking to your site."
          />
          <AdOrderForm kind="banner" catalog={catalog} />
        </div>
      )}
    </PaymentsGate>
  );
}

import { AdOrderPage } from '@/features/ads/components/ad-order-page';

export default function BuyAdsRoute() {
  return <AdOrderPage kind="ball" />;
}

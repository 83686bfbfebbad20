import { AdOrderPage } from '@/features/ads/components/ad-order-page';

export default function BuyBannerAdsRoute() {
  return <AdOrderPage kind="banner" />;
}

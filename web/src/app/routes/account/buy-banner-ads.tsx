import { ComingSoon } from '@/components/page/coming-soon';

export default function BuyBannerAdsRoute() {
  return (
    <ComingSoon
      title="Buy Banner Ads"
      subtitle="Reach players with a banner."
      description="Soon you can book banner ads shown around the game."
    />
  );
}

import { ComingSoon } from '@/components/page/coming-soon';

export default function BuyAdsRoute() {
  return (
    <ComingSoon
      title="Buy Ads"
      subtitle="Put your image on the balls."
      description="Soon you can buy an ad slot and have your image shown on the balls players match."
    />
  );
}

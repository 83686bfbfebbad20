import { ComingSoon } from '@/components/page/coming-soon';

export default function BannerAdsTestRoute() {
  return (
    <ComingSoon
      title="Banner Ads Test"
      subtitle="A preview of how banner ads are placed."
      description="This page will preview banner ad slots in every size they are shown in."
    />
  );
}

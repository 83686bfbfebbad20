import { Page } from '@/components/page/page';
import { Card, CardBody } from '@/components/ui/card';
import { useBanner } from '@/features/ads/api/get-banner';
import { BannerPlace } from '@/features/ads/components/banner-place';
import './dev-pages.css';

/** The 'test' banner place with what it holds, for checking banners as they run. */
export default function BannerAdsTestRoute() {
  const { data: banner, isPending } = useBanner('test');
  const state = isPending ? 'Checking...' : banner ? 'Shown' : 'None running';
  return (
    <Page
      className="page--narrow"
      title="Banner Ads Test"
      subtitle="The test banner place, for checking banners."
    >
      <Card>
        <CardBody>
          <dl className="dev-facts">
            <div>
              <dt>Placement</dt>
              <dd>test</dd>
            </div>
            <div>
              <dt>State</dt>
              <dd data-testid="banner-state">{state}</dd>
            </div>
            {banner && (
              <>
                <div>
                  <dt>Ad</dt>
                  <dd>{banner.adId}</dd>
                </div>
                <div>
                  <dt>Size</dt>
                  <dd>
                    {banner.width}×{banner.height}
                  </dd>
                </div>
              </>
            )}
          </dl>
        </CardBody>
      </Card>
      <BannerPlace placement="test" />
    </Page>
  );
}

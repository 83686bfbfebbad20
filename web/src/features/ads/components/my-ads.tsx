import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Facts } from '@/components/ui/facts';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { myAdsQueryOptions } from '../api/get-my-ads';
import type { Ad } from '../api/types';
import { clickThrough, describeAd, formatDay, stateWords } from '../lib/format';
import './my-ads.css';

const counts = new Intl.NumberFormat();

function runDates(ad: Ad): string {
  const starts = formatDay(ad.startsAt);
  const ends = formatDay(ad.endsAt);
  return starts && ends ? `${starts} – ${ends}` : 'Not scheduled yet';
}

function MyAdRow({ ad }: { ad: Ad }) {
  return (
    <li className="my-ad" data-testid="my-ad" data-state={ad.state}>
      <img
        className={`my-ad__thumb my-ad__thumb--${ad.kind}`}
        src={ad.imageUrl}
        alt=""
        loading="lazy"
      />
      <div className="my-ad__main">
        <strong>{describeAd(ad)}</strong>
        <span className="my-ad__state">{stateWords(ad.state)}</span>
        {ad.state === 'rejected' && ad.rejectionReason && (
          <span className="my-ad__reason">Reason: {ad.rejectionReason}</span>
        )}
        {ad.state === 'awaiting_payment' && (
          <Link to={paths.paymentOf(ad.orderId)}>Pay for this ad</Link>
        )}
      </div>
      <Facts
        className="my-ad__figures"
        facts={[
          ['Run', runDates(ad)],
          ['Impressions', counts.format(ad.impressions)],
          ['Clicks', counts.format(ad.clicks)],
          ['Click-through', clickThrough(ad.impressions, ad.clicks)],
        ]}
      />
    </li>
  );
}

/** The dashboard's 'My ads': every ad the player bought, how it stands and how it does. */
export function MyAds() {
  const ads = useQuery(myAdsQueryOptions());
  return (
    <Card className="my-ads">
      <CardHeader>
        <CardTitle>My ads</CardTitle>
      </CardHeader>
      <CardBody>
        {ads.isPending && <Spinner label="Loading your ads" />}
        {ads.isError && (
          <Alert>{errorMessage(ads.error, 'Your ads cannot be read right now.')}</Alert>
        )}
        {ads.data && ads.data.length === 0 && (
          <p className="my-ads__empty">You have no ads yet. Put your image in front of players!</p>
        )}
        {ads.data && ads.data.length > 0 && (
          <ul className="my-ads__list">
            {ads.data.map((ad) => (
              <MyAdRow key={ad.id} ad={ad} />
            ))}
          </ul>
        )}
        <div className="my-ads__buy">
          <ButtonLink to={paths.buyAds}>Buy Ads</ButtonLink>
          <ButtonLink to={paths.buyBannerAds} variant="secondary">
            Buy Banner Ads
          </ButtonLink>
        </div>
      </CardBody>
    </Card>
  );
}

import { Ball } from '@/components/ui/ball';
import { formatRun } from '@/utils/format';
import type { Ad } from '../api/types';
import { describeAd, formatDay, formatPrice, stateWords } from '../lib/format';
import './order-summary.css';

/** An order at a glance: its image, what it is, its run and price, and where it stands. */
export function OrderSummary({ ad }: { ad: Ad }) {
  const starts = formatDay(ad.startsAt);
  const ends = formatDay(ad.endsAt);
  return (
    <div className="order-summary" data-testid="order-summary">
      <div className={`order-summary__image order-summary__image--${ad.kind}`}>
        <img src={ad.imageUrl} alt={`${describeAd(ad)} image`} />
        {ad.kind === 'ball' && ad.color && (
          <Ball color={ad.color} size={22} className="order-summary__ball" />
        )}
      </div>
      <dl className="order-summary__facts">
        <div>
          <dt>Ad</dt>
          <dd>{describeAd(ad)}</dd>
        </div>
        <div>
          <dt>Run</dt>
          <dd>
            {formatRun(ad.runDays)}
            {starts && ends && (
              <span className="order-summary__dates">
                {' '}
                ({starts} – {ends})
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatPrice(ad.priceCents, ad.currency)}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd data-testid="order-state" data-state={ad.state}>
            {stateWords(ad.state)}
          </dd>
        </div>
        {ad.state === 'rejected' && (
          <div>
            <dt>Reason</dt>
            <dd>
              {ad.rejectionReason || 'No reason given'}
              {ad.refundedCents > 0 && ` (refunded ${formatPrice(ad.refundedCents, ad.currency)})`}
            </dd>
          </div>
        )}
        <div>
          <dt>Links to</dt>
          <dd className="order-summary__link">{ad.destinationUrl}</dd>
        </div>
      </dl>
    </div>
  );
}

import { Facts, type Fact } from '@/components/ui/facts';
import { formatCount, formatDateTime, formatMoney, formatRate, formatRun } from '@/utils/format';
import type { Ad } from '../api/types';
import { DestinationLink } from './destination-link';

/**
 * What the admin needs to judge or manage an ad. The contract has no payment time: an ad
 * awaiting review has been paid, and its order time is shown.
 */
export function AdFacts({ ad }: { ad: Ad }) {
  const approved = ad.startsAt !== '';
  const rows: Fact[] = [
    ['Advertiser', ad.advertiserName || ad.advertiserId],
    ...(ad.kind === 'ball' ? [['Colour', ad.color] as Fact] : []),
    ['Destination', <DestinationLink url={ad.destinationUrl} />],
    ['Run', formatRun(ad.runDays)],
    ['Price', formatMoney(ad.priceCents, ad.currency)],
    ['Ordered', formatDateTime(ad.createdAt)],
  ];
  if (approved) {
    rows.push(['Starts', formatDateTime(ad.startsAt)], ['Ends', formatDateTime(ad.endsAt)]);
    rows.push([
      'Impressions · clicks',
      `${formatCount(ad.impressions)} · ${formatCount(ad.clicks)} (${formatRate(ad.clicks, ad.impressions)})`,
    ]);
  }
  if (ad.refundedCents > 0) rows.push(['Refunded', formatMoney(ad.refundedCents, ad.currency)]);
  if (ad.rejectionReason) rows.push(['Reason given', ad.rejectionReason]);

  return <Facts facts={rows} className="ad-facts" rowClassName="ad-facts__row" />;
}

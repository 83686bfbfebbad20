import { Page } from '@/components/page/page';
import type { AdKind } from '../api/types';
import { AdOrderForm } from './ad-order-form';
import { PaymentsGate } from './payments-gate';

const PAGES: Record<AdKind, { title: string; subtitle: string }> = {
  ball: {
    title: 'Buy Ads',
    subtitle: 'Put your image on every ball of one colour, in every game players start.',
  },
  banner: {
    title: 'Buy Banner Ads',
    subtitle: 'Your banner at the foot of every page, linking to your site.',
  },
};

/** /buy-ads and /buy-banner-ads: the order form of one kind of ad, while payments are open. */
export function AdOrderPage({ kind }: { kind: AdKind }) {
  return (
    <PaymentsGate>
      {(catalog) => (
        <Page {...PAGES[kind]}>
          <AdOrderForm kind={kind} catalog={catalog} />
        </Page>
      )}
    </PaymentsGate>
  );
}

import { Page } from '@/components/page/page';
import { BallRow } from '@/components/ui/ball';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import './payments-unavailable.css';

export const PAYMENTS_UNAVAILABLE = {
  title: 'Payment System Not Available',
  text: 'The game is in development mode: the payment system is not configured, so ads cannot be bought right now.',
} as const;

/**
 * What every payment page shows when the server says payments are off (no payment provider
 * configured): docs/api.md 'Catalog and prices', `paymentsAvailable`.
 */
export function PaymentsUnavailable() {
  return (
    <Page className="page--narrow" title={PAYMENTS_UNAVAILABLE.title}>
      <section className="payments-unavailable" data-testid="payments-unavailable">
        <BallRow as="div" className="payments-unavailable__balls" size={24} />
        <p>{PAYMENTS_UNAVAILABLE.text}</p>
        <ButtonLink to={paths.home}>Go to Game</ButtonLink>
      </section>
    </Page>
  );
}

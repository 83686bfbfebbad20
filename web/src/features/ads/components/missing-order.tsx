import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import './order-page.css';

/** A payment page opened without `?order=`. */
export function MissingOrder() {
  return (
    <div className="order-page">
      <Alert variant="info">No order was given. Your orders are listed on your dashboard.</Alert>
      <ButtonLink to={paths.userDashboard} variant="secondary">
        Go to Dashboard
      </ButtonLink>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { CenteredSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCatalog } from '../api/get-catalog';
import type { Catalog } from '../api/types';
import { PaymentsUnavailable } from './payments-unavailable';

/**
 * A payment page's content, given the catalog; 'Payment System Not Available' instead when the
 * server says payments are off.
 */
export function PaymentsGate({ children }: { children: (catalog: Catalog) => ReactNode }) {
  const catalog = useCatalog();
  if (catalog.isPending) return <CenteredSpinner label="Loading the ad shop" fullScreen={false} />;
  if (catalog.isError) {
    return (
      <div className="page page--narrow">
        <Alert>
          {errorMessage(catalog.error, 'The ad shop cannot be reached right now.')} Please try again
          in a moment.
        </Alert>
      </div>
    );
  }
  if (!catalog.data.paymentsAvailable) return <PaymentsUnavailable />;
  return <>{children(catalog.data)}</>;
}

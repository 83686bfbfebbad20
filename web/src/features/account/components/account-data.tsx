import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { User } from '@/lib/auth/types';
import { useExportData } from '../api/export-data';
import { DeleteAccountDialog } from './delete-account-dialog';
import './account-data.css';

/**
 * Edit Profile's last part: export the account's data, or delete the account (then `leave`
 * takes the player away before they are signed out).
 */
export function AccountData({ user, leave }: { user: User; leave: () => Promise<void> }) {
  const exportData = useExportData(user.username);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <section className="account-data" aria-labelledby="account-data-export">
        <h2 id="account-data-export">Export my data</h2>
        <p>
          Download what your account holds as a JSON file: your details, every game you submitted,
          the sessions of your games and the ads you ordered.
        </p>
        <Button
          variant="secondary"
          onClick={() => exportData.mutate()}
          disabled={exportData.isPending}
        >
          {exportData.isPending ? 'Exporting...' : 'Export my data'}
        </Button>
      </section>

      <section className="account-data account-data--danger" aria-labelledby="account-data-delete">
        <h2 id="account-data-delete">Delete my account</h2>
        <p>
          Your account is removed and you are signed out everywhere. Your scores stay on the
          leaderboards under the names you played under, unless you choose to remove them; ad orders
          are kept as business records (see the <Link to={paths.privacyPolicy}>Privacy Policy</Link>
          ).
        </p>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Delete my account
        </Button>
      </section>
      {deleting && (
        <DeleteAccountDialog user={user} leave={leave} onClose={() => setDeleting(false)} />
      )}
    </>
  );
}

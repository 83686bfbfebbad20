import { Link } from 'react-router';
import { Page } from '@/components/page/page';
import { useNavigateAndArrive } from '@/app/layout/use-navigate-and-arrive';
import { paths } from '@/config/paths';
import { AccountData } from '@/features/account/components/account-data';
import { EditProfileForm } from '@/features/account/components/edit-profile-form';
import { useUser } from '@/lib/auth/get-user';

export default function EditProfileRoute() {
  const { user } = useUser();
  // After a deletion: the home page, before the user is gone (as at logout).
  const goHome = useNavigateAndArrive(paths.home);
  if (!user) return null;
  return (
    <Page
      className="page--narrow"
      title="Edit Profile"
      subtitle={
        <>
          Change your account details. <Link to={paths.userDashboard}>Back to Dashboard</Link>
        </>
      }
    >
      <EditProfileForm key={user.id} user={user} />
      <AccountData user={user} leave={goHome} />
    </Page>
  );
}

import { Link } from 'react-router';
import { PageTitle } from '@/components/page/page-title';
import { paths } from '@/config/paths';
import { EditProfileForm } from '@/features/account/components/edit-profile-form';
import { useUser } from '@/features/auth/api/get-user';

export default function EditProfileRoute() {
  const { user } = useUser();
  if (!user) return null;
  return (
    <div className="page page--narrow">
      <PageTitle
        title="Edit Profile"
        subtitle={
          <>
            Change your account details. <Link to={paths.userDashboard}>Back to Dashboard</Link>
          </>
        }
      />
      <EditProfileForm key={user.id} user={user} />
    </div>
  );
}

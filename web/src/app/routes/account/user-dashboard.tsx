import { PageTitle } from '@/components/page/page-title';
import { AccountSummary } from '@/features/account/components/account-summary';
import { MyAds } from '@/features/ads/components/my-ads';
import { useUser } from '@/features/auth/api/get-user';

export default function UserDashboardRoute() {
  const { user } = useUser();
  // RequireUser renders this page only with a user.
  if (!user) return null;
  return (
    <div className="page">
      <PageTitle
        title="Dashboard"
        docTitle="Dashboard"
        subtitle={`Welcome back, ${user.username}!`}
      />
      <AccountSummary user={user} />
      <MyAds />
    </div>
  );
}

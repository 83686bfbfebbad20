import { ComingSoon } from '@/components/page/coming-soon';
import { paths } from '@/config/paths';

export default function AdminUpdatesRoute() {
  return (
    <ComingSoon
      title="Manage Updates"
      subtitle="Write and publish news."
      description="Write, edit and publish game updates and news posts here."
      back={{ to: paths.adminDashboard, label: 'Admin Dashboard' }}
    />
  );
}

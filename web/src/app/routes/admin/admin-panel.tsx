import { ComingSoon } from '@/components/page/coming-soon';
import { paths } from '@/config/paths';

export default function AdminPanelRoute() {
  return (
    <ComingSoon
      title="Admin Panel"
      subtitle="Ball icons and player sessions."
      description="Upload and remove ball icons and look into player sessions here."
      back={{ to: paths.adminDashboard, label: 'Admin Dashboard' }}
    />
  );
}

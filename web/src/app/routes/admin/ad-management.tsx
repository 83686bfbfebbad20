import { ComingSoon } from '@/components/page/coming-soon';
import { paths } from '@/config/paths';

export default function AdManagementRoute() {
  return (
    <ComingSoon
      title="Ad Management"
      subtitle="Every ad slot in one place."
      description="All ad slots, their owners and their schedules will be managed here."
      back={{ to: paths.adminDashboard, label: 'Admin Dashboard' }}
    />
  );
}

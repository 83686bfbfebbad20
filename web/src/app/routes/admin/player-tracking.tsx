import { ComingSoon } from '@/components/page/coming-soon';
import { paths } from '@/config/paths';

export default function PlayerTrackingRoute() {
  return (
    <ComingSoon
      title="Player Tracking"
      subtitle="Sessions, devices and flags."
      description="Player sessions, suspicious timing flags and device details will be reviewed here."
      back={{ to: paths.adminDashboard, label: 'Admin Dashboard' }}
    />
  );
}

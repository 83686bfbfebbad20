import { ComingSoon } from '@/components/page/coming-soon';
import { paths } from '@/config/paths';

export default function IconsStatsRoute() {
  return (
    <ComingSoon
      title="Icon Statistics"
      subtitle="How often each ball icon is seen."
      description="Impressions per ball icon and colour will be reported here."
      back={{ to: paths.adminDashboard, label: 'Admin Dashboard' }}
    />
  );
}

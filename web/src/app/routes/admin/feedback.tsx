import { ComingSoon } from '@/components/page/coming-soon';
import { paths } from '@/config/paths';

export default function FeedbackRoute() {
  return (
    <ComingSoon
      title="Player Feedback"
      subtitle="What players tell us."
      description="Feedback sent by players will be collected here."
      back={{ to: paths.adminDashboard, label: 'Admin Dashboard' }}
    />
  );
}

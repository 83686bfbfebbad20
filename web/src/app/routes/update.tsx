import { ComingSoon } from '@/components/page/coming-soon';
import { paths } from '@/config/paths';

export default function UpdateRoute() {
  return (
    <ComingSoon
      title="Game Update"
      subtitle="News from the BallMatch team."
      description="This update will be readable here once the news feed goes live."
      back={{ to: paths.updates, label: 'All updates' }}
    />
  );
}

import { ComingSoon } from '@/components/page/coming-soon';

export default function UpdatesRoute() {
  return (
    <ComingSoon
      title="Game Updates & News"
      subtitle="What is new in BallMatch."
      description="Release notes and news about BallMatch will be posted here."
    />
  );
}

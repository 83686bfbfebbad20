import { ComingSoon } from '@/components/page/coming-soon';

export default function AdBlockerDemoRoute() {
  return (
    <ComingSoon
      title="Ad Blocker Demo"
      subtitle="How the game reacts to ad blockers."
      description="This page will demonstrate how BallMatch detects ad blockers and what players see."
    />
  );
}

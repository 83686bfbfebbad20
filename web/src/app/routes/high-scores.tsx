import { ComingSoon } from '@/components/page/coming-soon';

export default function HighScoresRoute() {
  return (
    <ComingSoon
      title="High Scores"
      subtitle="The best ball busters in town!"
      description="The ranked table and live feed of fresh scores will appear here."
    />
  );
}

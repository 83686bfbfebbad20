import { ComingSoon } from '@/components/page/coming-soon';

export default function PlayRoute() {
  return (
    <ComingSoon
      title="Play Game"
      subtitle="Swap, match and chain your way up the levels."
      description="The game board is being polished. Soon you will swap balls here, collect the target colour and chase a new high score."
    />
  );
}

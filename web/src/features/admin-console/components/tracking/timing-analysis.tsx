import { BarChart } from '@/components/charts/bar-chart';
import { StatTiles } from '@/components/stats/stat-tiles';
import { formatCount } from '@/utils/format';
import type { TimingAnalysis as Timing } from '../../api/types';
import { formatGap, formatShare } from '../../lib/format';

const RULES: Record<string, string> = {
  fastMoves: 'more than 30% of the gaps under 100 ms',
  lowVariation: 'gaps too even (variation under 0.1)',
  fasterThanAnimation: 'actions sooner than the page can show the answer before them',
};

/**
 * The server's timing analysis of the session's game: the times it received each action, the
 * engine's rules on them (at least 5 actions; too many gaps under 100 ms, or gaps so even no
 * person keeps them; or actions sooner than the page can show the answers), and every gap in a
 * chart.
 */
export function TimingAnalysis({ timing }: { timing: Timing }) {
  if (timing.moveCount < 2) {
    return (
      <p className="admin-console__empty">
        {timing.moveCount === 0
          ? 'No action of this game reached the server yet.'
          : 'One action so far: nothing to time.'}
      </p>
    );
  }
  const verdict = timing.suspicious
    ? `Suspicious: ${timing.flags.map((flag) => RULES[flag] ?? flag).join('; ')}`
    : timing.moveCount < 5
      ? 'Too few actions to judge'
      : 'Paced like a person';
  return (
    <>
      <StatTiles
        tiles={[
          ['Actions timed', formatCount(timing.moveCount)],
          ['Mean gap', formatGap(timing.meanGap)],
          [
            'Gaps under 100 ms',
            `${formatCount(timing.fastGapCount)} (${formatShare(timing.fastGapCount, timing.gapCount)})`,
          ],
          ['Variation', timing.coefficientOfVariation.toFixed(3)],
        ]}
      />
      <p
        className={
          timing.suspicious ? 'tracking-verdict tracking-verdict--bad' : 'tracking-verdict'
        }
      >
        {verdict}
      </p>
      <BarChart
        title="Time between actions, as the server received them"
        labelHeader="Action"
        labels={timing.gaps.map((_, i) => `#${i + 2}`)}
        format={formatGap}
        series={[{ name: 'Gap', color: 'var(--tint-blue)', values: timing.gaps }]}
      />
    </>
  );
}

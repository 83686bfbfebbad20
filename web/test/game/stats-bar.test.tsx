import { render, screen } from '@testing-library/react';
import { AD_BLOCKER_TITLE, StatsBar } from '@/features/game/components/stats-bar';
import type { ShownStats } from '@/features/game/model/shown-stats';

const stats: ShownStats = {
  score: 1234567,
  level: 3,
  movesLeft: 7,
  matchesCollected: 12,
  targetMatches: 20,
  targetColor: 'blue',
};

/** The bar's figures: score, level, moves left and target progress. */
const figures = () =>
  ['score', 'level', 'moves', 'target'].map((id) => screen.getByTestId(`stat-${id}`).textContent);

function swatch() {
  return screen.getByTestId('stat-target').querySelector('.stats-bar__swatch') as HTMLElement;
}

describe('StatsBar', () => {
  it('shows the score with thousands separators, the level, moves left and the progress', () => {
    render(<StatsBar stats={stats} />);
    expect(figures()).toEqual(['1,234,567', '3', '7', '12/20']);
    expect(screen.getByText('Score')).toBeTruthy();
    expect(screen.getByText('Moves')).toBeTruthy();
  });

  it('draws the target colour, and grey when there is none', () => {
    const { rerender } = render(<StatsBar stats={stats} />);
    expect(swatch().style.background).toBe('rgb(0, 0, 255)');
    expect(screen.getByRole('img', { name: 'blue balls' })).toBeTruthy();
    rerender(<StatsBar stats={{ ...stats, targetColor: null }} />);
    expect(swatch().style.background).toBe('rgb(128, 128, 128)');
    expect(screen.getByRole('img', { name: 'no target colour yet' })).toBeTruthy();
  });

  it('shows level 1 figures before a game, with a grey target', () => {
    render(<StatsBar stats={null} />);
    expect(figures()).toEqual(['0', '1', '10', '0/10']);
    expect(swatch().dataset.color).toBe('none');
  });

  it("shows the 'reduced' marker only with an ad blocker detected and level progress", () => {
    const { rerender } = render(<StatsBar stats={stats} />);
    expect(screen.queryByText('reduced')).toBeNull();
    rerender(<StatsBar stats={stats} adBlockerDetected />);
    expect(screen.getByText('reduced').getAttribute('title')).toBe(AD_BLOCKER_TITLE);
    expect(AD_BLOCKER_TITLE).toBe('Ad blocker detected - only receiving 10% of points');
    rerender(<StatsBar stats={null} adBlockerDetected />);
    expect(screen.queryByText('reduced')).toBeNull();
  });

  it('puts the target colour’s shape on the swatch with the colour-blind option', () => {
    const { rerender } = render(<StatsBar stats={stats} />);
    expect(swatch().querySelector('svg')).toBeNull();
    rerender(<StatsBar stats={stats} symbols />);
    expect(swatch().querySelector('svg path')?.getAttribute('d')).toBe('M3 3h10v10H3z'); // blue: square
    rerender(<StatsBar stats={{ ...stats, targetColor: null }} symbols />);
    expect(swatch().querySelector('svg')).toBeNull();
  });
});

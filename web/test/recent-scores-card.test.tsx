import { render, screen, within } from '@testing-library/react';
import {
  RecentScoresCard,
  type RecentScore,
} from '@/features/leaderboards/components/recent-scores-card';

function score(i: number): RecentScore {
  return {
    id: `s${i}`,
    playerName: `player${i}`,
    score: 1000 * i + 234,
    level: i,
    createdAt: new Date(Date.UTC(2025, 2, 17, 12, i)).toISOString(),
  };
}

describe('RecentScoresCard', () => {
  it("says 'Live' when connected and lists each score", () => {
    render(<RecentScoresCard status="connected" entries={[score(12), score(3)]} />);
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.queryByText('Connecting...')).toBeNull();
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]).getByText('player12')).toBeTruthy();
    expect(within(items[0]).getByText('12,234 pts')).toBeTruthy();
    expect(within(items[0]).getByText(/Level 12/)).toBeTruthy();
    const time = items[0].querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe(score(12).createdAt);
    expect(time?.textContent).not.toBe('');
  });

  it("says 'Connecting...' otherwise, with the waiting text when empty", () => {
    const { rerender } = render(<RecentScoresCard status="connecting" entries={[]} />);
    expect(screen.getByText('Connecting...')).toBeTruthy();
    expect(screen.getByText('Waiting for new scores to be submitted...')).toBeTruthy();
    rerender(<RecentScoresCard status="closed" entries={[]} />);
    expect(screen.getByText('Connecting...')).toBeTruthy();
  });

  it('shows at most the 8 latest scores', () => {
    render(
      <RecentScoresCard
        status="connected"
        entries={Array.from({ length: 11 }, (_, i) => score(i + 1))}
      />,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { COLORS } from '@ballmatch/engine';
import { NoMovesOverlay } from '@/features/game/components/board-overlays';
import {
  ErrorBoundary,
  GameBoardErrorFallback,
  ScoreSubmissionErrorFallback,
} from '@/features/game/components/error-boundaries';
import { GameFlow } from '@/features/game/model/game-flow';
import { movesOn } from '@/features/game/model/game-view';
import { reloadPage } from '@/lib/reload-page';
import { recordingServices } from './game-helpers';

jest.mock('@/lib/reload-page', () => ({ reloadPage: jest.fn() }));

/** A board on which no swap makes a line: colour (x + 2y) mod 6. */
const stuckGrid = Array.from({ length: 8 }, (_, y) =>
  Array.from({ length: 6 }, (_, x) => COLORS[(x + 2 * y) % 6]),
);

describe('no possible move', () => {
  it("shows 'No more possible moves!' and 'Reset Grid' gets a fresh board from the server", async () => {
    // The server's game is on a stuck board (as a cascade can leave it).
    const services = recordingServices({
      prepare: (server) => void (server.state = { ...server.state, grid: stuckGrid }),
    });
    const flow = new GameFlow(services);
    await flow.start('Alice');
    expect(flow.getSnapshot().noMoves).toBe(true);
    expect(flow.acceptsInput).toBe(false);

    const onReset = jest.fn(() => flow.resetBoard());
    render(<NoMovesOverlay onReset={onReset} />);
    expect(screen.getByRole('heading', { name: 'No more possible moves!' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset Grid' }));
    expect(await onReset.mock.results[0].value).toBe(true);
    const after = flow.getSnapshot();
    expect(after.noMoves).toBe(false);
    expect(movesOn(after.state!.grid).length).toBeGreaterThan(0);
    expect(after.state!.level.movesUsed).toBe(0); // costs no move
    expect(services.calls.actions.map((a) => a.action)).toEqual([{ type: 'reset' }]);
    expect(services.calls.impressions).toBe(2); // game start, and the new grid
  });
});

function Broken(): never {
  throw new Error('kaboom');
}

describe('error fallbacks', () => {
  it("'Game Board Error' with 'Restart Game' resets the game and the board", () => {
    const onReset = jest.fn();
    let fail = true;
    function MaybeBroken() {
      if (fail) throw new Error('board failed');
      return <p>board</p>;
    }
    render(
      <ErrorBoundary
        name="Game board"
        onReset={onReset}
        fallback={(reset) => <GameBoardErrorFallback onRestart={reset} />}
      >
        <MaybeBroken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Game Board Error' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Restart Game' }));
    expect(onReset).toHaveBeenCalled();
    expect(screen.getByText('board')).toBeTruthy();
  });

  it("'Score Submission Error' offers 'Close' and 'Reload Page'", () => {
    const onClose = jest.fn();
    render(
      <ErrorBoundary
        name="Score submission"
        fallback={() => <ScoreSubmissionErrorFallback onClose={onClose} />}
      >
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('dialog', { name: 'Score Submission Error' })).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Reload Page' })));
    expect(reloadPage).toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });
});

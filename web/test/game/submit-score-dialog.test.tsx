import { act, fireEvent, render, screen } from '@testing-library/react';
import { SUBMIT_TEXT, SubmitScoreDialog } from '@/features/game/components/submit-score-dialog';
import {
  FALLBACK_SCORES_THRESHOLD,
  FEW_SCORES_THRESHOLD,
  decideHighScore,
  type LocalHighScore,
} from '@/features/game/lib/local-high-scores';
import { defaultPlayerName, guestName, PLAYER_NAME_KEY } from '@/features/game/lib/player-name';

function renderDialog(props: Partial<Parameters<typeof SubmitScoreDialog>[0]> = {}) {
  const onSubmit = jest.fn();
  const onClose = jest.fn();
  const onPlayAgain = jest.fn();
  render(
    <SubmitScoreDialog
      score={12345}
      level={4}
      practice={false}
      isHighScore={false}
      defaultName="Alice"
      onSubmit={onSubmit}
      onClose={onClose}
      onPlayAgain={onPlayAgain}
      {...props}
    />,
  );
  return { onSubmit, onClose, onPlayAgain };
}

const nameInput = () => screen.getByLabelText(SUBMIT_TEXT.label) as HTMLInputElement;
const submitButton = () =>
  screen.getByRole('button', { name: /Submit Score|Submitting\.\.\./ }) as HTMLButtonElement;

describe('submit dialog: texts and copy', () => {
  it('shows the final score and level, the label and the placeholder', () => {
    renderDialog({ defaultName: '' });
    expect(screen.getByTestId('final-score').textContent).toBe('12,345');
    expect(screen.getByText('Level 4')).toBeTruthy();
    expect(nameInput().placeholder).toBe('Your name here');
    expect(screen.getByText('ENTER YOUR NAME (UP TO 20 CHARACTERS)')).toBeTruthy();
  });

  it("says 'HIGH SCORE!' and the all-time and weekly boards for a high score", () => {
    renderDialog({ isHighScore: true });
    expect(screen.getByRole('dialog', { name: 'HIGH SCORE!' })).toBeTruthy();
    expect(screen.getByText(/all-time and weekly leaderboards/)).toBeTruthy();
  });

  it("says 'SUBMIT SCORE', the weekly board and achievement badges otherwise", () => {
    renderDialog({ isHighScore: false });
    expect(screen.getByRole('dialog', { name: 'SUBMIT SCORE' })).toBeTruthy();
    expect(
      screen.getByText(/weekly leaderboard, where you can earn achievement badges/),
    ).toBeTruthy();
  });

  it('waits for the high-score check before asking for a name', () => {
    renderDialog({ isHighScore: null });
    expect(screen.queryByLabelText(SUBMIT_TEXT.label)).toBeNull();
    expect(screen.getByText('Checking your score...')).toBeTruthy();
  });

  it("explains that a practice game's score cannot be verified and offers no submission", () => {
    const { onPlayAgain } = renderDialog({ practice: true });
    expect(screen.getByRole('dialog', { name: 'PRACTICE GAME' })).toBeTruthy();
    expect(screen.getByText(/can't be verified and won't be submitted/)).toBeTruthy();
    expect(screen.queryByLabelText(SUBMIT_TEXT.label)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play Again' }));
    expect(onPlayAgain).toHaveBeenCalled();
  });
});

describe('submit dialog: the name', () => {
  it('is prefilled, cut at 20 characters as typed, and required after trimming', () => {
    renderDialog({ defaultName: 'Alice' });
    expect(nameInput().value).toBe('Alice');
    expect(nameInput().maxLength).toBe(20);
    fireEvent.change(nameInput(), { target: { value: 'abcdefghijklmnopqrstuvwxyz' } });
    expect(nameInput().value).toBe('abcdefghijklmnopqrst');
    expect(submitButton().disabled).toBe(false);
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    expect(submitButton().disabled).toBe(true);
    fireEvent.change(nameInput(), { target: { value: ' x ' } });
    expect(submitButton().disabled).toBe(false);
  });

  it.each([
    ['Аnn', 'Player name must be written in one script'], // a Cyrillic А among Latin letters
    ['li\u0307ly', 'Player name must not contain extra accent marks'], // a dot over the i
    ['An\u200bn', 'Player name must not contain invisible'],
  ])('says why the servers would refuse %j, with Submit off', (typed, why) => {
    renderDialog({ defaultName: 'Alice' });
    expect(screen.queryByText(/Player name must/)).toBeNull();
    fireEvent.change(nameInput(), { target: { value: typed } });
    expect(submitButton().disabled).toBe(true);
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(new RegExp(`^${why}`))).toBeTruthy();
  });

  it('reads "Submitting...", disables itself and calls back 300 ms later with the trimmed name', () => {
    jest.useFakeTimers();
    const { onSubmit } = renderDialog({ defaultName: '  Bob the Builder  ' });
    fireEvent.click(submitButton());
    expect(submitButton().textContent).toBe('Submitting...');
    expect(submitButton().disabled).toBe(true);
    expect(nameInput().disabled).toBe(true);
    act(() => jest.advanceTimersByTime(299));
    expect(onSubmit).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSubmit).toHaveBeenCalledWith('Bob the Builder');
    fireEvent.click(submitButton());
    act(() => jest.advanceTimersByTime(1000));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('prefills from the username, else the saved player_name, else a guest name', () => {
    localStorage.clear();
    expect(defaultPlayerName('carol')).toBe('carol');
    localStorage.setItem(PLAYER_NAME_KEY, 'Saved Sam');
    expect(defaultPlayerName(null)).toBe('Saved Sam');
    expect(defaultPlayerName('carol')).toBe('carol');
    localStorage.clear();
    expect(defaultPlayerName(null)).toMatch(/^Guest-\d{1,4}$/);
    expect(guestName(() => 0)).toBe('Guest-0');
    expect(guestName(() => 0.99999)).toBe('Guest-9999');
  });
});

describe('the high-score rule', () => {
  const scores = (n: number): LocalHighScore[] =>
    Array.from({ length: n }, (_, i) => ({
      score: 1000 - i * 10,
      level: 1,
      playerName: 'p',
      date: '2025-01-01',
    }));

  it('fewer than 10 local scores: a high score without asking the server', async () => {
    const ask = jest.fn();
    expect(await decideHighScore(5, scores(FEW_SCORES_THRESHOLD - 1), ask)).toBe(true);
    expect(ask).not.toHaveBeenCalled();
  });

  it('otherwise the server decides', async () => {
    expect(await decideHighScore(5, scores(10), async () => false)).toBe(false);
    expect(await decideHighScore(5, scores(10), async () => true)).toBe(true);
  });

  it('when the check fails: fewer than 50 local scores is a high score', async () => {
    const fail = async () => Promise.reject(new Error('503'));
    expect(await decideHighScore(1, scores(FALLBACK_SCORES_THRESHOLD - 1), fail)).toBe(true);
  });

  it('when the check fails with 50 local scores, the score must beat the 46th', async () => {
    const fail = async () => Promise.reject(new Error('503'));
    const list = scores(50); // the 46th (index 45) is 550
    expect(list[45].score).toBe(550);
    expect(await decideHighScore(550, list, fail)).toBe(false);
    expect(await decideHighScore(551, list, fail)).toBe(true);
  });
});

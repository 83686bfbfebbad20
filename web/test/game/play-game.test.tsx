import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { decodeGameLog, replay } from '@ballmatch/engine';
import { resetGuestConfirmation } from '@/features/game/components/game';
import { LOGIN_PROMPT_TEXT } from '@/features/game/components/login-prompt';
import { AD_CLICKS_KEY } from '@/features/game/lib/ad-clicks';
import { OUTBOX_KEY } from '@/features/game/api/score-outbox';
import { reloadPage } from '@/lib/reload-page';
import {
  byRoute,
  installFakeFetch,
  respond,
  sentBody,
  type FetchCall,
  type FakeHandler,
} from '../helpers/fake-fetch';
import { renderApp } from '../helpers/render-app';
import { notAuthenticated, player } from '../helpers/users';
import { KeyboardPlayer, board, canvas, leaveAndReturn, toastText } from './play-helpers';

jest.mock('@/lib/reload-page', () => ({ reloadPage: jest.fn() }));
jest.mock('@/game/audio/sound-kit', () => ({
  loadToneKit: async () => ({
    setVolume: () => undefined,
    setMuted: () => undefined,
    playNotes: () => undefined,
    startMusic: () => undefined,
    stopMusic: () => undefined,
  }),
}));

const SEED = 'flow-seed-7';

function backend(overrides: Record<string, FakeHandler | ReturnType<typeof respond>> = {}) {
  return installFakeFetch(
    byRoute({
      '/api/user': respond(401, notAuthenticated),
      '/api/stats/play-count': respond(200, { completedPlayCount: 41 }),
      '/api/weekly-leaderboards/active': respond(200, { id: 'w1', name: 'Week 1' }),
      '/api/weekly-leaderboards/w1/top-scores': respond(200, []),
      'POST /api/player-sessions': respond(200, { id: 'sess-1', seed: SEED }),
      'PATCH /api/player-sessions/sess-1': respond(200, {
        id: 'sess-1',
        flagged: false,
        endedAt: null,
      }),
      'POST /api/stats/increment-play-count': respond(200, { playCount: 42 }),
      'POST /api/stats/record-completed-game': respond(200, { recorded: true }),
      ...overrides,
    }),
  );
}

function callsTo(calls: FetchCall[], method: string, path: string) {
  return calls.filter(
    (c) => (c.init.method ?? 'GET') === method && new URL(c.url, 'http://x').pathname === path,
  );
}

async function pressPlay() {
  fireEvent.click(await screen.findByRole('button', { name: 'PLAY NOW!' }));
}

async function startAsGuest() {
  await pressPlay();
  fireEvent.click(await screen.findByRole('button', { name: 'Continue Without Login' }));
  await waitFor(() => expect(board().dataset.phase).toBe('playing'));
}

beforeEach(() => {
  localStorage.clear();
  resetGuestConfirmation();
  jest.mocked(reloadPage).mockClear();
  window.open = jest.fn(() => null);
});

describe('the login prompt', () => {
  it('stops a guest before play with both texts and both options', async () => {
    const calls = backend();
    renderApp('/');
    await pressPlay();
    const prompt = await screen.findByRole('dialog');
    expect(prompt.textContent).toContain(LOGIN_PROMPT_TEXT.warning);
    expect(prompt.textContent).toContain(LOGIN_PROMPT_TEXT.invitation);
    expect(LOGIN_PROMPT_TEXT.warning).toBe(
      "You're not logged in. Your game progress will not be saved when you leave the page or refresh.",
    );
    expect(LOGIN_PROMPT_TEXT.invitation).toBe(
      'To save your progress and appear on leaderboards with your username, please log in.',
    );
    expect(screen.getByRole('link', { name: 'Log In / Sign Up' }).getAttribute('href')).toBe(
      '/auth',
    );
    expect(callsTo(calls, 'POST', '/api/player-sessions')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Continue Without Login' }));
    await waitFor(() => expect(board().dataset.phase).toBe('playing'));
    const [create] = callsTo(calls, 'POST', '/api/player-sessions');
    const body = sentBody(create) as Record<string, string>;
    expect(body.playerName).toMatch(/^Guest-\d+$/);
    expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.deviceFingerprint).toHaveLength(50);
    expect(sentBody(callsTo(calls, 'POST', '/api/stats/increment-play-count')[0])).toEqual({
      hasAds: false,
    });
  });

  it('lets a signed-in player start at once, under the username', async () => {
    const calls = backend({ '/api/user': respond(200, player) });
    renderApp('/');
    await screen.findByText(player.username);
    await pressPlay();
    await waitFor(() => expect(board().dataset.phase).toBe('playing'));
    expect(screen.queryByText(LOGIN_PROMPT_TEXT.warning)).toBeNull();
    expect(sentBody(callsTo(calls, 'POST', '/api/player-sessions')[0])).toMatchObject({
      playerName: 'alice',
    });
  });

  it('/play opens straight into a game for a signed-in player', async () => {
    backend({ '/api/user': respond(200, player) });
    renderApp('/play');
    await waitFor(() => expect(board().dataset.phase).toBe('playing'));
    expect(document.activeElement).toBe(canvas());
  });

  it('/play asks a guest first', async () => {
    backend();
    renderApp('/play');
    expect(await screen.findByText(LOGIN_PROMPT_TEXT.warning)).toBeTruthy();
  });
});

describe('out of moves: the extra-moves offer', () => {
  jest.setTimeout(30_000);

  it("'Watch Ad' counts a click and arms the reward; coming back grants 7 moves once", async () => {
    backend();
    renderApp('/');
    await startAsGuest();
    const game = new KeyboardPlayer(SEED);
    await game.playUntilOutOfMoves();

    const offer = await screen.findByRole('dialog', { name: 'Get 7 Extra Moves!' });
    expect(offer.textContent).toContain('It might take 2-3 seconds to credit your turns.');
    fireEvent.click(screen.getByRole('button', { name: 'Watch Ad' }));
    expect(window.open).toHaveBeenCalledWith('/buy-ads', '_blank', 'noopener,noreferrer');
    expect(localStorage.getItem(AD_CLICKS_KEY)).toBe('1');
    expect(screen.queryByRole('dialog', { name: 'Get 7 Extra Moves!' })).toBeNull();
    expect(board().dataset.phase).toBe('awaitingReward');

    act(() => leaveAndReturn());
    expect(board().dataset.phase).toBe('playing');
    expect(screen.getByTestId('stat-moves').textContent).toBe('7');
    expect(toastText()).toContain('Extra Moves Added!');
    expect(toastText()).toContain("You've earned 7 more moves to complete the level!");

    act(() => leaveAndReturn());
    expect(toastText()).toContain('Already Awarded');
    expect(toastText()).toContain("You've already received extra moves in this game.");
    expect(screen.getByTestId('stat-moves').textContent).toBe('7');

    // The extra moves play on; running out again ends the game without a second offer.
    game.grantExtraMoves();
    await game.playUntilOutOfMoves();
    await waitFor(() => expect(board().dataset.phase).toBe('over'));
    expect(screen.queryByRole('dialog', { name: 'Get 7 Extra Moves!' })).toBeNull();
  });

  it('closing the offer with Escape, without watching, ends the game', async () => {
    backend();
    renderApp('/');
    await startAsGuest();
    const game = new KeyboardPlayer(SEED);
    await game.playUntilOutOfMoves();
    const offer = await screen.findByRole('dialog', { name: 'Get 7 Extra Moves!' });
    fireEvent.keyDown(offer, { key: 'Escape' });
    await waitFor(() => expect(board().dataset.phase).toBe('over'));
    expect(toastText()).toContain('Game Over');
  });
});

describe('submitting the score', () => {
  jest.setTimeout(30_000);

  async function playAndDecline(calls: FetchCall[]) {
    renderApp('/');
    await startAsGuest();
    const game = new KeyboardPlayer(SEED);
    await game.playUntilOutOfMoves();
    fireEvent.click(await screen.findByRole('button', { name: 'No Thanks' }));
    await waitFor(() => expect(board().dataset.phase).toBe('over'));
    const ending = callsTo(calls, 'PATCH', '/api/player-sessions/sess-1').at(-1)!;
    expect(sentBody(ending)).toMatchObject({ endingSession: true, moveCount: 10 });
    return game;
  }

  it('sends the verified score, then the seasonal and weekly boards, and reloads 1.5 s later', async () => {
    const calls = backend({
      'POST /api/scores': respond(200, { id: 'score-1' }),
      '/api/seasonal-leaderboards/active': respond(200, { id: 'season-9', name: 'Spring' }),
      'POST /api/seasonal-leaderboards/season-9/scores': respond(200, {}),
      'POST /api/weekly-leaderboards/record-score': respond(200, {}),
    });
    const game = await playAndDecline(calls);
    const dialog = await screen.findByRole('dialog', { name: 'HIGH SCORE!' });
    expect(dialog.textContent).toContain(game.state.score.toLocaleString('en-US'));
    const input = screen.getByLabelText(
      'ENTER YOUR NAME (UP TO 20 CHARACTERS)',
    ) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '  Dana  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Score' }));
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeTruthy();

    await waitFor(() => expect(toastText()).toContain('Score Submitted'));
    const [post] = callsTo(calls, 'POST', '/api/scores');
    const body = sentBody(post) as Record<string, unknown>;
    expect(body).toMatchObject({
      playerName: 'Dana',
      score: game.state.score,
      level: 1,
      moves: 10,
      sessionId: 'sess-1',
    });
    const decoded = decodeGameLog(body.gameLog);
    if (!decoded.ok) throw new Error(decoded.error);
    const replayed = replay(SEED, decoded.log);
    expect(replayed.ok && replayed.score).toBe(game.state.score);

    const board = {
      playerName: 'Dana',
      score: game.state.score,
      level: 1,
      sessionId: 'sess-1',
      gameLog: body.gameLog,
    };
    expect(
      sentBody(callsTo(calls, 'POST', '/api/seasonal-leaderboards/season-9/scores')[0]),
    ).toEqual(board);
    expect(sentBody(callsTo(calls, 'POST', '/api/weekly-leaderboards/record-score')[0])).toEqual(
      board,
    );
    expect(localStorage.getItem('player_name')).toBe('Dana');

    expect(reloadPage).not.toHaveBeenCalled();
    await waitFor(() => expect(reloadPage).toHaveBeenCalled(), { timeout: 2500 });
  });

  it("says 'Weekly Score Submitted' when the score is not a high score, and skips an inactive season", async () => {
    localStorage.setItem(
      'ballmatch_high_scores',
      JSON.stringify(
        Array.from({ length: 12 }, () => ({
          score: 90000,
          level: 5,
          playerName: 'me',
          date: '2025-01-01',
        })),
      ),
    );
    const calls = backend({
      '/api/scores/check-high-score': respond(200, { isHighScore: false }),
      'POST /api/scores': respond(200, { id: 'score-1' }),
      '/api/seasonal-leaderboards/active': respond(200, null),
      'POST /api/weekly-leaderboards/record-score': respond(200, {}),
    });
    await playAndDecline(calls);
    await screen.findByRole('dialog', { name: 'SUBMIT SCORE' });
    expect(callsTo(calls, 'GET', '/api/scores/check-high-score')[0].url).toMatch(/\?score=\d+$/);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Score' }));
    await waitFor(() => expect(toastText()).toContain('Weekly Score Submitted'));
    expect(calls.some((c) => /\/api\/seasonal-leaderboards\/[^/]+\/scores/.test(c.url))).toBe(
      false,
    );
  });

  it("a failed save says 'Score Recorded' and is sent once the API answers again", async () => {
    let scoresUp = false;
    const calls = backend({
      'POST /api/scores': () => (scoresUp ? respond(200, { id: 'score-1' }) : respond(503, 'down')),
      'POST /api/weekly-leaderboards/record-score': respond(200, {}),
    });
    const game = await playAndDecline(calls);
    await screen.findByRole('dialog', { name: 'HIGH SCORE!' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Score' }));
    await waitFor(() => expect(toastText()).toContain('Score Recorded'), { timeout: 10_000 });
    expect(toastText()).toContain(
      `Your score of ${game.state.score.toLocaleString('en-US')} has been saved. Leaderboards will be updated when connection is restored.`,
    );
    expect(callsTo(calls, 'POST', '/api/scores')).toHaveLength(4); // 1 + 3 retries
    const outbox = JSON.parse(localStorage.getItem(OUTBOX_KEY)!);
    expect(outbox).toHaveLength(1);
    expect(outbox[0].submission).toMatchObject({ sessionId: 'sess-1', score: game.state.score });

    scoresUp = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(OUTBOX_KEY)!)).toEqual([]));
    expect(callsTo(calls, 'POST', '/api/scores')).toHaveLength(5);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(callsTo(calls, 'POST', '/api/scores')).toHaveLength(5);
  });
});

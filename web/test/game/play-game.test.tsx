import { CLOCK_TOLERANCE_MS, takeBadgeCatchUp } from '@/lib/badge-catch-up';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { resetGuestConfirmation } from '@/features/game/components/game';
import { LOGIN_PROMPT_TEXT } from '@/features/game/components/login-prompt';
import { AD_CLICKS_KEY } from '@/features/game/lib/ad-clicks';
import { OUTBOX_KEY } from '@/features/game/api/score-outbox';
import { reloadPage } from '@/lib/reload-page';
import {
  callsTo,
  headerOf,
  useApi,
  respond,
  sentBody,
  type ApiCall,
  type Route,
} from '../helpers/api-server';
import { renderApp } from '../helpers/render-app';
import { player } from '../helpers/users';
import { FakeGameServer, slowMove } from './game-helpers';
import {
  GameBackend,
  KeyboardPlayer,
  board,
  canvas,
  leaveAndReturn,
  practiceCopy,
  SIGNED_RESULT,
  toastText,
  wireGame,
} from './play-helpers';

jest.mock('@/lib/reload-page', () => ({ reloadPage: jest.fn() }));
jest.mock('@/game/audio/sound-kit', () => jest.requireActual('../helpers/silent-sound-kit'));

const SEED = 'flow-seed-7';

/**
 * Submits the score dialog; from here the submission's retries and the reload's delay run on the
 * test clock, which the library's waits move on.
 */
function submitOnTestClock() {
  jest.useFakeTimers();
  fireEvent.click(screen.getByRole('button', { name: 'Submit Score' }));
}

/** The game server behind the current test's API (MSW). */
let game: GameBackend;

function backend(overrides: Record<string, Route> = {}) {
  game = new GameBackend(SEED);
  return useApi({
    ...game.routes,
    '/api/stats/play-count': respond(200, { completedPlayCount: 41 }),
    '/api/weekly-leaderboards/active': respond(200, { id: 'w1', name: 'Week 1' }),
    '/api/weekly-leaderboards/w1/top-scores': respond(200, []),
    'PATCH /api/player-sessions/sess-1': respond(200, {
      id: 'sess-1',
      flagged: false,
      endedAt: null,
    }),
    'POST /api/stats/increment-play-count': respond(200, { playCount: 42 }),
    'POST /api/stats/record-completed-game': respond(200, { recorded: true }),
    ...overrides,
  });
}

function credentialOf(call: ApiCall): string | undefined {
  return headerOf(call, 'X-Session-Credential');
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
    // No game in progress (404): a new one.
    expect(callsTo(calls, 'GET', '/api/player-sessions/current').length).toBeGreaterThan(0);
    expect(sentBody(callsTo(calls, 'POST', '/api/player-sessions')[0])).toMatchObject({
      playerName: 'alice',
    });
  });

  it("opens a signed-in player's page on the game left unfinished (save progress)", async () => {
    const left = new FakeGameServer('left-on-another-device');
    const first = slowMove(left.state);
    left.play({ seq: 0, action: { type: 'swap', ...first } });
    const calls = backend({
      '/api/user': respond(200, player),
      'GET /api/player-sessions/current': () =>
        respond(200, { id: 'sess-1', playerName: 'alice', game: wireGame(left.view) }),
    });
    game.server = left;
    renderApp('/');
    await waitFor(() => expect(board().dataset.phase).toBe('playing'));
    expect(screen.getByTestId('stat-moves').textContent).toBe('9');
    expect(screen.getByTestId('stat-score').textContent).toBe(
      left.state.score.toLocaleString('en-US'),
    );
    expect(callsTo(calls, 'POST', '/api/player-sessions')).toHaveLength(0);
    expect(callsTo(calls, 'POST', '/api/stats/increment-play-count')).toHaveLength(0);

    // Play goes on from the server's seq; the account's cookie stands for the credential.
    await new KeyboardPlayer(game).play();
    const [action] = callsTo(calls, 'POST', '/api/player-sessions/sess-1/actions');
    expect(sentBody(action)).toMatchObject({ seq: 1, action: { type: 'swap' } });
    expect(credentialOf(action)).toBeUndefined();
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
    const keys = new KeyboardPlayer(game);
    await keys.playUntilOutOfMoves();

    const offer = await screen.findByRole('dialog', { name: 'Get 7 Extra Moves!' });
    expect(offer.textContent).toContain('It might take 2-3 seconds to credit your turns.');
    fireEvent.click(screen.getByRole('button', { name: 'Watch Ad' }));
    expect(window.open).toHaveBeenCalledWith('/buy-ads', '_blank', 'noopener,noreferrer');
    expect(localStorage.getItem(AD_CLICKS_KEY)).toBe('1');
    expect(screen.queryByRole('dialog', { name: 'Get 7 Extra Moves!' })).toBeNull();
    expect(board().dataset.phase).toBe('awaitingReward');

    // The server grants them: {type: 'extraMoves'}.
    act(() => leaveAndReturn());
    await waitFor(() => expect(board().dataset.phase).toBe('playing'));
    expect(screen.getByTestId('stat-moves').textContent).toBe('7');
    expect(game.server!.received.at(-1)).toMatchObject({ action: { type: 'extraMoves' } });
    await waitFor(() => expect(toastText()).toContain('Extra Moves Added!'));
    expect(toastText()).toContain("You've earned 7 more moves to complete the level!");

    act(() => leaveAndReturn());
    await waitFor(() => expect(toastText()).toContain('Already Awarded'));
    expect(toastText()).toContain("You've already received extra moves in this game.");
    expect(screen.getByTestId('stat-moves').textContent).toBe('7');

    // The extra moves play on; running out again ends the game without a second offer.
    await keys.playUntilOutOfMoves();
    await waitFor(() => expect(board().dataset.phase).toBe('over'));
    expect(screen.queryByRole('dialog', { name: 'Get 7 Extra Moves!' })).toBeNull();
  });

  it('closing the offer with Escape, without watching, ends the game', async () => {
    backend();
    renderApp('/');
    await startAsGuest();
    await new KeyboardPlayer(game).playUntilOutOfMoves();
    const offer = await screen.findByRole('dialog', { name: 'Get 7 Extra Moves!' });
    fireEvent.keyDown(offer, { key: 'Escape' });
    await waitFor(() => expect(board().dataset.phase).toBe('over'));
    expect(toastText()).toContain('Game Over');
    await waitFor(() => expect(game.state.status).toBe('ended'));
  });
});

/** A guest plays until out of moves and declines the extra moves. */
async function playAndDeclineOnce() {
  renderApp('/');
  await startAsGuest();
  await new KeyboardPlayer(game).playUntilOutOfMoves();
  fireEvent.click(await screen.findByRole('button', { name: 'No Thanks' }));
  await waitFor(() => expect(board().dataset.phase).toBe('over'));
}

describe('submitting the score', () => {
  jest.setTimeout(30_000);

  /** Plays until out of moves and declines: the server ends the game, then the session closes. */
  async function playAndDecline(calls: ApiCall[]) {
    renderApp('/');
    await startAsGuest();
    await new KeyboardPlayer(game).playUntilOutOfMoves();
    fireEvent.click(await screen.findByRole('button', { name: 'No Thanks' }));
    await waitFor(() => expect(board().dataset.phase).toBe('over'));
    const ending = () => callsTo(calls, 'PATCH', '/api/player-sessions/sess-1').at(-1)!;
    await waitFor(() =>
      expect(sentBody(ending())).toMatchObject({ endingSession: true, moveCount: 10 }),
    );
    expect(credentialOf(ending())).toBe('cred-1');
    const actions = callsTo(calls, 'POST', '/api/player-sessions/sess-1/actions');
    expect(actions.map((c) => (sentBody(c) as { seq: number }).seq)).toEqual(
      Array.from({ length: 11 }, (_, i) => i),
    );
    expect(sentBody(actions.at(-1)!)).toEqual({ seq: 10, action: { type: 'end' } });
    expect(actions.every((c) => credentialOf(c) === 'cred-1')).toBe(true);
    expect(game.state.status).toBe('ended');
    return game.state;
  }

  /**
   * Plays to a high score and submits it as it is; waits for the toast titled `title`, whose
   * text `says` the score. Answers the finished game.
   */
  async function submitHighScore(calls: ApiCall[], title: string, says: (score: string) => string) {
    const final = await playAndDecline(calls);
    await screen.findByRole('dialog', { name: 'HIGH SCORE!' });
    submitOnTestClock();
    await waitFor(() => expect(toastText()).toContain(title));
    expect(toastText()).toContain(says(final.score.toLocaleString('en-US')));
    return final;
  }

  it("sends the score once, with the game's signed result, and reloads 1.5 s later", async () => {
    const calls = backend({
      'POST /api/scores': respond(200, {
        id: 'score-1',
        createdAt: '2026-11-24T12:00:00.000Z',
        reviewState: 'accepted',
      }),
      '/api/seasonal-leaderboards/active': respond(200, { id: 'season-9', name: 'Spring' }),
    });
    const final = await playAndDecline(calls);
    const dialog = await screen.findByRole('dialog', { name: 'HIGH SCORE!' });
    expect(dialog.textContent).toContain(final.score.toLocaleString('en-US'));
    const input = screen.getByLabelText(
      'ENTER YOUR NAME (UP TO 20 CHARACTERS)',
    ) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '  Dana  ' } });
    submitOnTestClock();
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeTruthy();

    await waitFor(() => expect(toastText()).toContain('Score Submitted'));
    // The server's signed result of the finished game is the proof: no game log.
    const posts = callsTo(calls, 'POST', '/api/scores');
    expect(posts.map(sentBody)).toEqual([
      {
        playerName: 'Dana',
        score: final.score,
        level: 1,
        moves: 10,
        sessionId: 'sess-1',
        result: SIGNED_RESULT,
      },
    ]);
    expect(credentialOf(posts[0]!)).toBe('cred-1');
    // That one call put it on every board: the weekly and seasonal routes are not called.
    expect(calls.filter((c) => /record-score|seasonal-leaderboards/.test(c.url))).toEqual([]);
    expect(localStorage.getItem('player_name')).toBe('Dana');
    // The next page tells the badges this score wins that this one may not hear of.
    expect(takeBadgeCatchUp()).toBe(Date.parse('2026-11-24T12:00:00.000Z') - CLOCK_TOLERANCE_MS);

    expect(reloadPage).not.toHaveBeenCalled();
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
  });

  it("says 'Weekly Score Submitted' when the score is not a high score", async () => {
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
    });
    await playAndDecline(calls);
    await screen.findByRole('dialog', { name: 'SUBMIT SCORE' });
    expect(callsTo(calls, 'GET', '/api/scores/check-high-score')[0].url).toMatch(/\?score=\d+$/);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Score' }));
    await waitFor(() => expect(toastText()).toContain('Weekly Score Submitted'));
    expect(callsTo(calls, 'POST', '/api/scores')).toHaveLength(1);
  });

  it("a failed save says 'Score Recorded' and is sent once the API answers again", async () => {
    let scoresUp = false;
    const calls = backend({
      'POST /api/scores': () => (scoresUp ? respond(200, { id: 'score-1' }) : respond(503, 'down')),
    });
    const final = await submitHighScore(
      calls,
      'Score Recorded',
      (score) =>
        `Your score of ${score} has been saved. Leaderboards will be updated when connection is restored.`,
    );
    expect(callsTo(calls, 'POST', '/api/scores')).toHaveLength(4); // 1 + 3 retries
    const stored = localStorage.getItem(OUTBOX_KEY)!;
    const outbox = JSON.parse(stored);
    expect(outbox).toHaveLength(1);
    expect(outbox[0].submission).toMatchObject({
      sessionId: 'sess-1',
      score: final.score,
      result: SIGNED_RESULT,
    });
    expect(stored).not.toContain('cred-1'); // the credential lives in memory only

    scoresUp = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(OUTBOX_KEY)!)).toEqual([]));
    const scorePosts = callsTo(calls, 'POST', '/api/scores');
    expect(scorePosts).toHaveLength(5);
    expect(credentialOf(scorePosts[4])).toBe('cred-1');
    expect(sentBody(scorePosts[4]!)).toMatchObject({ result: SIGNED_RESULT });
    act(() => void window.dispatchEvent(new Event('online')));
    expect(callsTo(calls, 'POST', '/api/scores')).toHaveLength(5);
  });

  it('a score held for review says so', async () => {
    const calls = backend({
      'POST /api/scores': respond(200, { id: 'score-1', reviewState: 'held' }),
      '/api/seasonal-leaderboards/active': respond(200, { id: 'season-9', name: 'Spring' }),
    });
    await submitHighScore(
      calls,
      'Score Under Review',
      (score) =>
        `Your score of ${score} is being reviewed. It will appear on the leaderboards once cleared.`,
    );
    expect(callsTo(calls, 'POST', '/api/weekly-leaderboards/record-score')).toHaveLength(0);
    expect(calls.some((c) => /\/api\/seasonal-leaderboards/.test(c.url))).toBe(false);
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
  });
});

describe('the server refuses the score', () => {
  jest.setTimeout(30_000);

  it('a refused name comes back under the name field, to choose another', async () => {
    const refusal = {
      message:
        'That player name belongs to a registered player; sign in to use it, or choose another',
      field: 'playerName',
    };
    const calls = backend({
      'POST /api/scores': (call) =>
        (sentBody(call) as { playerName: string }).playerName === 'alice'
          ? respond(403, refusal)
          : respond(200, { id: 'score-1', reviewState: 'accepted' }),
    });
    await playAndDeclineOnce();
    await screen.findByRole('dialog', { name: 'HIGH SCORE!' });
    const input = screen.getByLabelText(
      'ENTER YOUR NAME (UP TO 20 CHARACTERS)',
    ) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Score' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(reloadPage).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'alice_the_guest' } });
    expect(screen.queryByText(refusal.message)).toBeNull();
    submitOnTestClock();
    await waitFor(() => expect(toastText()).toContain('Score Submitted'));
    expect(callsTo(calls, 'POST', '/api/scores')).toHaveLength(2);
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
  });

  it("any other refusal says 'Score Not Submitted' with the server's reason", async () => {
    const calls = backend({
      'POST /api/scores': respond(422, {
        message: 'Score does not match the game: claimed 120 points, the game scored 119',
        field: 'score',
      }),
    });
    await playAndDeclineOnce();
    await screen.findByRole('dialog', { name: 'HIGH SCORE!' });
    submitOnTestClock();
    await waitFor(() => expect(toastText()).toContain('Score Not Submitted'));
    expect(toastText()).toContain('Score does not match the game');
    expect(callsTo(calls, 'POST', '/api/scores')).toHaveLength(1); // a 4xx is not retried
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
  });
});

describe('without the game server', () => {
  jest.setTimeout(30_000);

  it('offers a practice game on the engine here, which sends nothing and cannot be submitted', async () => {
    // The practice seed is `practice-{random UUID}`: fixed here, to keep a copy of the game.
    const uuid = '00000000-0000-4000-8000-000000000000';
    const randomUUID = jest.spyOn(crypto, 'randomUUID').mockReturnValue(uuid);
    const calls = backend({ 'POST /api/player-sessions': respond(503, 'down') });
    renderApp('/');
    await pressPlay();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue Without Login' }));
    // The session call is tried twice (800 ms apart) before the practice game starts.
    await waitFor(() => expect(board().dataset.phase).toBe('playing'), { timeout: 5000 });
    // Labelled as such for the whole game.
    expect(screen.getByTestId('practice-note').textContent).toBe(
      "Practice gameThe game server can't be reached: this score won't be submitted.",
    );
    await new KeyboardPlayer(practiceCopy(`practice-${uuid}`)).playUntilOutOfMoves();
    randomUUID.mockRestore();
    fireEvent.click(await screen.findByRole('button', { name: 'No Thanks' }));
    const dialog = await screen.findByRole('dialog', { name: 'PRACTICE GAME' });
    expect(dialog.textContent).toContain("can't be verified and won't be submitted");
    expect(screen.getByRole('button', { name: 'Play Again' })).toBeTruthy();
    expect(
      calls.filter((c) => /\/api\/player-sessions\/|\/api\/scores/.test(c.url)).map((c) => c.url),
    ).toEqual([]);
  });
});

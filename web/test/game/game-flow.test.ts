import { COLORS, EXTRA_MOVES, createGame, findMoves, swap, type Cell } from '@ballmatch/engine';
import { GameFlow, type FlowAnimator } from '@/features/game/model/game-flow';
import { viewOfState, type GameView } from '@/features/game/model/game-view';
import { LOCAL_HIGH_SCORES_KEY } from '@/features/game/lib/local-high-scores';
import { FakeGameServer, moveWithRun, recordingServices, slowMove } from './game-helpers';

async function started(options: Parameters<typeof recordingServices>[0] = {}) {
  const services = recordingServices(options);
  const flow = new GameFlow(services);
  await flow.start('Alice');
  return { flow, services, server: () => services.server! };
}

function view(flow: GameFlow): GameView {
  const s = flow.getSnapshot().state;
  if (!s) throw new Error('no game');
  return s;
}

/** Plays slow moves (found on the server's state) until the level runs out of moves. */
async function playUntilOutOfMoves(flow: GameFlow, server: FakeGameServer) {
  for (let i = 0; i < 40 && view(flow).status === 'active'; i++) {
    const move = slowMove(server.state);
    expect(await flow.trySwap(move.from, move.to)).toBe('moved');
    // A level-up holds input for 1 s; these seeds avoid it, which the loop checks.
    expect(flow.getSnapshot().celebration).toBeNull();
  }
  expect(view(flow).status).toBe('gameOverPending');
}

beforeEach(() => localStorage.clear());
afterEach(() => jest.useRealTimers());

describe('GameFlow: start', () => {
  it('starts the game the server dealt (no seed on this side), counts the play, records impressions', async () => {
    const { flow, services, server } = await started({ seed: 'abc' });
    const snap = flow.getSnapshot();
    expect(snap.phase).toBe('playing');
    expect(snap.practice).toBe(false);
    expect(snap.state).toEqual(server().view);
    expect(snap.state).not.toHaveProperty('rng');
    expect(snap.shown).toMatchObject({ score: 0, level: 1, movesLeft: 10, matchesCollected: 0 });
    expect(services.calls.playCount).toBe(1);
    expect(services.calls.impressions).toBe(1);
    expect(flow.currentSessionId).toBe('session-1');
  });

  it('falls back to a practice game on the local engine when the session call fails', async () => {
    const { flow, services } = await started({ failSession: true });
    expect(flow.getSnapshot().phase).toBe('playing');
    expect(flow.getSnapshot().practice).toBe(true);
    expect(flow.getSnapshot().state).toEqual(viewOfState(createGame('practice-seed'), 0));
    expect(flow.currentSessionId).toBeNull();
    const move = slowMove(createGame('practice-seed'));
    expect(await flow.trySwap(move.from, move.to)).toBe('moved');
    expect(view(flow).totalMoves).toBe(1);
    expect(services.calls.actions).toEqual([]);
  });

  it("resumes a signed-in player's unfinished game, without counting a new play", async () => {
    const current = new FakeGameServer('resume-seed');
    const first = slowMove(current.state);
    current.play({ seq: 0, action: { type: 'swap', ...first } });
    const services = recordingServices({ current });
    const flow = new GameFlow(services);
    await flow.start('alice', { resume: true });
    expect(flow.getSnapshot().phase).toBe('playing');
    expect(view(flow)).toEqual(current.view);
    expect(flow.getSnapshot().shown).toMatchObject({ score: current.state.score, movesLeft: 9 });
    expect(services.calls.playCount).toBe(0);
    expect(flow.currentSessionId).toBe('session-0');

    // Play goes on from the server's seq, with no credential (the account stands for the game).
    const next = slowMove(current.state);
    expect(await flow.trySwap(next.from, next.to)).toBe('moved');
    expect(services.calls.actions).toEqual([
      { id: 'session-0', credential: '', seq: 1, action: { type: 'swap', ...next } },
    ]);
    expect(view(flow)).toEqual(current.view);
  });

  it('resume() opens the page on the unfinished game; nothing happens without one', async () => {
    const current = new FakeGameServer('resume-seed');
    const flow = new GameFlow(recordingServices({ current }));
    expect(await flow.resume('alice')).toBe(true);
    expect(view(flow)).toEqual(current.view);

    const none = new GameFlow(recordingServices());
    expect(await none.resume('alice')).toBe(false);
    expect(none.getSnapshot().phase).toBe('idle');
  });

  it('a game resumed while out of moves opens on the extra-moves offer', async () => {
    const current = new FakeGameServer('flow-seed-7');
    while (current.state.status === 'active') {
      current.play({ seq: current.seq, action: { type: 'swap', ...slowMove(current.state) } });
    }
    const flow = new GameFlow(recordingServices({ current }));
    await flow.start('alice', { resume: true });
    expect(flow.getSnapshot().phase).toBe('extraMovesOffer');
  });
});

describe('GameFlow: moves', () => {
  it('sends the swap with the seq and the credential, and takes the figures from the answer', async () => {
    const { flow, services, server } = await started();
    const before = server().state;
    const move = slowMove(before);
    const expected = swap(before, move.from, move.to);
    if (!expected.ok) throw new Error('engine refused');
    expect(await flow.trySwap(move.from, move.to)).toBe('moved');
    expect(services.calls.actions).toEqual([
      { id: 'session-1', credential: 'cred-1', seq: 0, action: { type: 'swap', ...move } },
    ]);
    expect(view(flow)).toEqual(viewOfState(expected.state, 1));
    expect(flow.getSnapshot().shown).toMatchObject({ score: expected.state.score, movesLeft: 9 });
    expect(services.calls.sounds).toEqual(expect.arrayContaining(['swap', 'match']));
  });

  it('sends at once and plays the swap and the pop meanwhile; the rest falls from the answer', async () => {
    const { flow, services, server } = await started();
    const move = slowMove(server().state);
    const expected = swap(server().state, move.from, move.to);
    if (!expected.ok) throw new Error('engine refused');

    // The answer waits until the test lets it go.
    let release!: () => void;
    const answerHeld = new Promise<void>((resolve) => (release = resolve));
    const play = services.playAction;
    services.playAction = async (...args) => {
      const answer = play(...args);
      await answerHeld;
      return answer;
    };
    const seen: string[] = [];
    let openingDone!: () => void;
    const animator: FlowAnimator = {
      showGrid: () => undefined,
      shake: async () => undefined,
      playOpening: (_before, opening, onPhase) => {
        seen.push(`opening: pop of ${opening.pop.removed.length} cells`);
        onPhase({ kind: 'pop', step: 0 } as never);
        return new Promise((resolve) => (openingDone = resolve));
      },
      playCascade: async (_afterPop, steps) => {
        seen.push(`cascade of ${steps.length} rounds`);
      },
    };
    flow.attachAnimator(animator);
    const moved = flow.trySwap(move.from, move.to);
    await Promise.resolve();
    // Sent before any animation has finished; the first pop's points count as it pops.
    expect(services.calls.actions).toHaveLength(1);
    expect(seen).toEqual([`opening: pop of ${expected.steps[0].removed.length} cells`]);
    expect(flow.getSnapshot().shown?.score).toBe(expected.steps[0].points);
    expect(flow.getSnapshot().busy).toBe(true);

    openingDone();
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveLength(1); // the board waits for the answer
    release();
    expect(await moved).toBe('moved');
    expect(seen).toEqual([
      `opening: pop of ${expected.steps[0].removed.length} cells`,
      `cascade of ${expected.steps.length} rounds`,
    ]);
    expect(flow.getSnapshot().shown?.score).toBe(expected.state.score);
    expect(flow.getSnapshot().busy).toBe(false);
  });

  it('refuses an invalid swap with the invalid sound, sends nothing and changes nothing', async () => {
    const { flow, services } = await started();
    const before = view(flow);
    // Two cells far apart are never a valid swap.
    expect(await flow.trySwap({ x: 0, y: 0 }, { x: 5, y: 7 })).toBe('invalid');
    expect(view(flow)).toBe(before);
    expect(services.calls.actions).toEqual([]);
    expect(services.calls.sounds).toEqual(['invalid']);
  });

  it('out of step with the server (another device moved): reads the game and redraws from it', async () => {
    const { flow, services, server } = await started();
    const moves = findMoves(server().state);
    const [elsewhere, here] = [moves[0], moves.at(-1)!];
    server().play({ seq: 0, action: { type: 'swap', ...elsewhere } });
    const shown: Array<GameView['grid'] | null> = [];
    flow.attachAnimator({
      showGrid: (grid) => void shown.push(grid),
      shake: async () => undefined,
      playOpening: async () => undefined,
      playCascade: async () => undefined,
    });
    expect(await flow.trySwap(here.from, here.to)).toBe('moved');
    expect(services.calls.actions.at(-1)).toMatchObject({ seq: 0 });
    expect(services.calls.reads).toBe(1);
    expect(view(flow)).toEqual(server().view);
    expect(shown.at(-1)).toEqual(server().view.grid);
    expect(flow.acceptsInput).toBe(true);
  });

  it('keeps the last confirmed game when neither the action nor a read gets an answer', async () => {
    const { flow, services } = await started();
    const before = view(flow);
    services.playAction = async () => {
      throw new Error('Network error: POST /api/player-sessions/session-1/actions');
    };
    services.readGame = async () => {
      throw new Error('Network error: GET /api/player-sessions/session-1/game');
    };
    const move = slowMove(services.server!.state);
    expect(await flow.trySwap(move.from, move.to)).toBe('moved');
    expect(view(flow)).toEqual(before);
    expect(flow.getSnapshot().shown).toMatchObject({ score: 0, movesLeft: 10 });
    expect(flow.acceptsInput).toBe(true);
  });

  it('sends a session update on every 10th move, with the timestamps since the last one', async () => {
    const { flow, services, server } = await started({ seed: 'flow-seed-7' });
    await playUntilOutOfMoves(flow, server());
    const tenth = services.calls.sessions.find((s) => s.figures.moveCount === 10);
    expect(tenth).toMatchObject({ id: 'session-1', credential: 'cred-1' });
    expect(tenth!.figures.totalScore).toBe(view(flow).score);
    expect(tenth!.figures.playerName).toBe('Alice');
    const sentTimes = services.calls.sessions.flatMap((s) => s.figures.moveTimestamps ?? []);
    expect(sentTimes).toHaveLength(10);
    expect(services.calls.sessions.every((s) => !s.figures.endingSession)).toBe(true);
  });

  it('sends a session update on a run of 5 or more', async () => {
    // Search a few seeds for an opening move that makes a run of 5.
    for (let n = 0; n < 400; n++) {
      const seed = `run5-${n}`;
      const move = moveWithRun(createGame(seed), 5);
      if (!move) continue;
      const { flow, services } = await started({ seed });
      await flow.trySwap(move.from, move.to);
      expect(services.calls.sessions).toHaveLength(1);
      expect(services.calls.sessions[0].figures.moveCount).toBe(1);
      return;
    }
    throw new Error('no seed with an opening run of 5');
  });
});

describe('GameFlow: no possible move', () => {
  /** A board on which no swap makes a line: colour (x + 2y) mod 6. */
  const stuckGrid = Array.from({ length: 8 }, (_, y) =>
    Array.from({ length: 6 }, (_, x) => COLORS[(x + 2 * y) % 6]),
  );

  it("'Reset Grid' asks the server for a new board, which costs no move", async () => {
    const { flow, services, server } = await started({
      prepare: (s) => void (s.state = { ...s.state, grid: stuckGrid }),
    });
    expect(flow.getSnapshot().noMoves).toBe(true);
    expect(flow.acceptsInput).toBe(false);

    expect(await flow.resetBoard()).toBe(true);
    expect(services.calls.actions).toEqual([
      { id: 'session-1', credential: 'cred-1', seq: 0, action: { type: 'reset' } },
    ]);
    const after = flow.getSnapshot();
    expect(after.noMoves).toBe(false);
    expect(after.state).toEqual(server().view);
    expect(after.state!.level.movesUsed).toBe(0);
    expect(services.calls.impressions).toBe(2); // game start, and the new grid
    expect(await flow.resetBoard()).toBe(false); // moves exist now: nothing sent
    expect(services.calls.actions).toHaveLength(1);
  });
});

describe('GameFlow: out of moves and extra moves', () => {
  jest.setTimeout(20_000);

  it('offers the extra moves 300 ms after the last move, then the server grants them once', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { flow, services, server } = await started({ seed: 'flow-seed-7' });
    await playUntilOutOfMoves(flow, server());
    expect(flow.getSnapshot().phase).toBe('playing');
    jest.advanceTimersByTime(299);
    expect(flow.getSnapshot().phase).toBe('playing');
    jest.advanceTimersByTime(1);
    expect(flow.getSnapshot().phase).toBe('extraMovesOffer');

    flow.watchAd();
    expect(flow.getSnapshot().phase).toBe('awaitingReward');
    expect(services.calls.adsOpened).toBe(1);

    await flow.onTabVisible();
    expect(services.calls.actions.at(-1)).toMatchObject({ action: { type: 'extraMoves' } });
    expect(flow.getSnapshot().phase).toBe('playing');
    expect(flow.getSnapshot().shown?.movesLeft).toBe(EXTRA_MOVES);
    expect(services.calls.toasts.at(-1)).toEqual({
      title: 'Extra Moves Added!',
      description: "You've earned 7 more moves to complete the level!",
    });

    await flow.onTabVisible();
    expect(services.calls.toasts.at(-1)).toEqual({
      title: 'Already Awarded',
      description: "You've already received extra moves in this game.",
    });
    expect(flow.getSnapshot().shown?.movesLeft).toBe(EXTRA_MOVES);
    const toasts = services.calls.toasts.length;
    await flow.onTabVisible();
    expect(services.calls.toasts).toHaveLength(toasts);
    expect(services.calls.actions.filter((a) => a.action.type === 'extraMoves')).toHaveLength(1);
  });

  it('ends the game when the offer is declined: the server hears it, then the session closes', async () => {
    const { flow, services, server } = await started({ seed: 'flow-seed-7' });
    await playUntilOutOfMoves(flow, server());
    await new Promise((r) => setTimeout(r, 320));
    expect(flow.getSnapshot().phase).toBe('extraMovesOffer');
    flow.declineExtraMoves();
    const snap = flow.getSnapshot();
    expect(snap.phase).toBe('over');
    expect(snap.result).toMatchObject({
      score: server().state.score,
      level: 1,
      moves: 10,
      sessionId: 'session-1',
      credential: 'cred-1',
      practice: false,
    });
    await snap.result!.ended;
    expect(services.calls.actions.at(-1)).toMatchObject({ action: { type: 'end' } });
    expect(server().state.status).toBe('ended');
    const last = services.calls.sessions.at(-1)!;
    expect(last.figures.endingSession).toBe(true);
    expect(services.calls.completed).toBe(1);
    expect(services.calls.sounds).toContain('gameOver');
  });

  it('ends 300 ms after running out again once the extra moves were used (the server ended it)', async () => {
    const { flow, services, server } = await started({ seed: 'flow-seed-7' });
    await playUntilOutOfMoves(flow, server());
    await new Promise((r) => setTimeout(r, 320));
    flow.watchAd();
    await flow.onTabVisible();
    for (let i = 0; i < EXTRA_MOVES; i++) {
      const move = slowMove(server().state);
      await flow.trySwap(move.from, move.to);
    }
    expect(view(flow).status).toBe('ended');
    expect(flow.getSnapshot().phase).toBe('playing');
    await new Promise((r) => setTimeout(r, 320));
    expect(flow.getSnapshot().phase).toBe('over');
    await flow.getSnapshot().result!.ended;
    expect(services.calls.actions.filter((a) => a.action.type === 'end')).toEqual([]);
  });
});

describe('GameFlow: the end', () => {
  it("shows 'Game Over' with the final score and keeps the score on this device", async () => {
    const { flow, services, server } = await started({ seed: 'flow-seed-7' });
    const move = slowMove(server().state);
    await flow.trySwap(move.from, move.to);
    flow.endByPlayer();
    const score = view(flow).score;
    expect(score).toBeGreaterThan(0);
    expect(services.calls.toasts.at(-1)).toEqual({
      title: 'Game Over',
      description: `Final score: ${score.toLocaleString('en-US')} - New high score!`,
    });
    expect(JSON.parse(localStorage.getItem(LOCAL_HIGH_SCORES_KEY)!)).toEqual([
      expect.objectContaining({ score, level: 1, playerName: 'Alice' }),
    ]);
  });

  it('End Game during a move waits for the move to settle, then ends after it', async () => {
    const { flow, services, server } = await started({ seed: 'flow-seed-7' });
    const move = slowMove(server().state);
    const moved = flow.trySwap(move.from, move.to);
    flow.endByPlayer();
    expect(flow.getSnapshot().phase).toBe('playing');
    await moved;
    await new Promise((r) => setTimeout(r, 0));
    expect(flow.getSnapshot().phase).toBe('over');
    expect(flow.getSnapshot().result?.score).toBe(server().state.score);
    await flow.getSnapshot().result!.ended;
    expect(services.calls.actions.map((a) => [a.seq, a.action.type])).toEqual([
      [0, 'swap'],
      [1, 'end'],
    ]);
  });

  it('drops the high-score suffix when the score is not a personal best', async () => {
    localStorage.setItem(
      LOCAL_HIGH_SCORES_KEY,
      JSON.stringify([{ score: 99999, level: 9, playerName: 'x', date: '2025-01-01' }]),
    );
    const { flow, services, server } = await started({ seed: 'flow-seed-7' });
    const move = slowMove(server().state);
    await flow.trySwap(move.from, move.to);
    flow.endByPlayer();
    expect(services.calls.toasts.at(-1)?.description).toBe(
      `Final score: ${view(flow).score.toLocaleString('en-US')}`,
    );
  });

  it("says 'Better luck next time!' for a score of zero", async () => {
    const { flow, services } = await started();
    flow.endByPlayer();
    expect(services.calls.toasts.at(-1)?.title).toBe('Better luck next time!');
    expect(flow.getSnapshot().result?.score).toBe(0);
  });
});

describe('GameFlow: level-up', () => {
  /** A seed on which always taking the most target balls completes level 1. */
  function levelUpSeed(): { seed: string; moves: Array<{ from: Cell; to: Cell }> } {
    for (let n = 0; n < 500; n++) {
      const seed = `level-up-${n}`;
      let game = createGame(seed);
      const moves = [];
      for (let i = 0; i < 10 && game.status === 'active'; i++) {
        let best: { move: { from: Cell; to: Cell }; got: number } | null = null;
        for (const move of findMoves(game)) {
          const result = swap(game, move.from, move.to);
          if (result.ok && (!best || result.targetCollected > best.got))
            best = { move, got: result.targetCollected };
        }
        if (!best) break;
        const result = swap(game, best.move.from, best.move.to);
        if (!result.ok) break;
        moves.push(best.move);
        game = result.state;
        if (result.levelUp) return { seed, moves };
      }
    }
    throw new Error('no level-up seed found');
  }

  it('shows the level as complete (from the answer), then the new level 1 s later', async () => {
    const { seed, moves } = levelUpSeed();
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { flow, services } = await started({ seed });
    for (const move of moves) await flow.trySwap(move.from, move.to);
    const snap = flow.getSnapshot();
    expect(view(flow).level.currentLevel).toBe(2);
    expect(snap.shown?.level).toBe(1);
    expect(snap.celebration).toMatchObject({ kind: 'levelComplete', level: 1 });
    expect(flow.acceptsInput).toBe(false);
    jest.advanceTimersByTime(999);
    expect(flow.getSnapshot().shown?.level).toBe(1);
    jest.advanceTimersByTime(1);
    expect(flow.getSnapshot().shown).toMatchObject({
      level: 2,
      matchesCollected: 0,
      targetMatches: 15,
    });
    expect(flow.getSnapshot().celebration).toMatchObject({ kind: 'levelStart', level: 2 });
    expect(flow.acceptsInput).toBe(true);
    expect(services.calls.sounds).toContain('levelUp');
  });
});

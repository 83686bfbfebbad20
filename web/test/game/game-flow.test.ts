import {
  EXTRA_MOVES,
  createGame,
  findMoves,
  replay,
  swap,
  type GameState,
} from '@ballmatch/engine';
import { GameFlow } from '@/features/game/model/game-flow';
import { LOCAL_HIGH_SCORES_KEY } from '@/features/game/lib/local-high-scores';
import { moveWithRun, recordingServices, slowMove } from './game-helpers';

async function started(options: Parameters<typeof recordingServices>[0] = {}) {
  const services = recordingServices(options);
  const flow = new GameFlow(services);
  await flow.start('Alice');
  return { flow, services };
}

function state(flow: GameFlow): GameState {
  const s = flow.getSnapshot().state;
  if (!s) throw new Error('no game');
  return s;
}

/** Plays slow moves until the level runs out of moves (real timers, no animator). */
async function playUntilOutOfMoves(flow: GameFlow) {
  for (let i = 0; i < 40 && state(flow).status === 'active'; i++) {
    const move = slowMove(state(flow));
    expect(await flow.trySwap(move.from, move.to)).toBe('moved');
    // A level-up holds input for 1 s; these seeds avoid it, which the loop checks.
    expect(flow.getSnapshot().celebration).toBeNull();
  }
  expect(state(flow).status).toBe('gameOverPending');
}

beforeEach(() => localStorage.clear());

describe('GameFlow: start', () => {
  it('creates the game from the session seed, counts the play and records impressions', async () => {
    const { flow, services } = await started({ seed: 'abc' });
    const snap = flow.getSnapshot();
    expect(snap.phase).toBe('playing');
    expect(snap.practice).toBe(false);
    expect(snap.state).toEqual(createGame('abc'));
    expect(snap.shown).toMatchObject({ score: 0, level: 1, movesLeft: 10, matchesCollected: 0 });
    expect(services.calls.playCount).toBe(1);
    expect(services.calls.impressions).toBe(1);
    expect(flow.currentSessionId).toBe('session-1');
  });

  it('falls back to a practice game with a local seed when the session call fails', async () => {
    const { flow } = await started({ failSession: true });
    expect(flow.getSnapshot().phase).toBe('playing');
    expect(flow.getSnapshot().practice).toBe(true);
    expect(flow.getSnapshot().state).toEqual(createGame('practice-seed'));
    expect(flow.currentSessionId).toBeNull();
  });
});

describe('GameFlow: moves', () => {
  it('plays the engine move, logs it with the monotonic clock, and shows the new figures', async () => {
    const { flow, services } = await started();
    const before = state(flow);
    const move = slowMove(before);
    expect(await flow.trySwap(move.from, move.to)).toBe('moved');
    const expected = swap(before, move.from, move.to);
    if (!expected.ok) throw new Error('engine refused');
    expect(state(flow)).toEqual(expected.state);
    expect(flow.gameLog).toEqual([
      { type: 'swap', from: move.from, to: move.to, at: expect.any(Number) },
    ]);
    expect(flow.getSnapshot().shown).toMatchObject({ score: expected.state.score, movesLeft: 9 });
    expect(services.calls.sounds).toEqual(expect.arrayContaining(['swap', 'match']));
  });

  it('refuses an invalid swap with the invalid sound and changes nothing', async () => {
    const { flow, services } = await started();
    const before = state(flow);
    // Two cells far apart are never a valid swap.
    expect(await flow.trySwap({ x: 0, y: 0 }, { x: 5, y: 7 })).toBe('invalid');
    expect(state(flow)).toBe(before);
    expect(flow.gameLog).toEqual([]);
    expect(services.calls.sounds).toEqual(['invalid']);
  });

  it('sends a session update on every 10th move, with the timestamps since the last one', async () => {
    const { flow, services } = await started({ seed: 'flow-seed-7' });
    await playUntilOutOfMoves(flow);
    const tenth = services.calls.sessions.find((s) => s.figures.moveCount === 10);
    expect(tenth).toBeDefined();
    expect(tenth!.figures.totalScore).toBe(state(flow).score);
    expect(tenth!.figures.playerName).toBe('Alice');
    const sentTimes = services.calls.sessions.flatMap((s) => s.figures.moveTimestamps ?? []);
    expect(sentTimes).toEqual(flow.gameLog.filter((e) => e.type === 'swap').map((e) => e.at));
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

describe('GameFlow: out of moves and extra moves', () => {
  jest.setTimeout(20_000);

  it('offers the extra moves 300 ms after the last move, then grants them once', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { flow, services } = await started({ seed: 'flow-seed-7' });
    await playUntilOutOfMoves(flow);
    expect(flow.getSnapshot().phase).toBe('playing');
    jest.advanceTimersByTime(299);
    expect(flow.getSnapshot().phase).toBe('playing');
    jest.advanceTimersByTime(1);
    expect(flow.getSnapshot().phase).toBe('extraMovesOffer');

    flow.watchAd();
    expect(flow.getSnapshot().phase).toBe('awaitingReward');
    expect(services.calls.adsOpened).toBe(1);

    flow.onTabVisible();
    expect(flow.getSnapshot().phase).toBe('playing');
    expect(flow.getSnapshot().shown?.movesLeft).toBe(EXTRA_MOVES);
    expect(services.calls.toasts.at(-1)).toEqual({
      title: 'Extra Moves Added!',
      description: "You've earned 7 more moves to complete the level!",
    });
    expect(flow.gameLog.at(-1)).toMatchObject({ type: 'extraMoves' });

    flow.onTabVisible();
    expect(services.calls.toasts.at(-1)).toEqual({
      title: 'Already Awarded',
      description: "You've already received extra moves in this game.",
    });
    expect(flow.getSnapshot().shown?.movesLeft).toBe(EXTRA_MOVES);
    const toasts = services.calls.toasts.length;
    flow.onTabVisible();
    expect(services.calls.toasts).toHaveLength(toasts);
  });

  it('ends the game when the offer is declined; the log replays to the same score', async () => {
    const { flow, services } = await started({ seed: 'flow-seed-7' });
    await playUntilOutOfMoves(flow);
    await new Promise((r) => setTimeout(r, 320));
    expect(flow.getSnapshot().phase).toBe('extraMovesOffer');
    flow.declineExtraMoves();
    const snap = flow.getSnapshot();
    expect(snap.phase).toBe('over');
    expect(snap.result).toMatchObject({ score: state(flow).score, level: 1, moves: 10 });
    const last = services.calls.sessions.at(-1)!;
    expect(last.figures.endingSession).toBe(true);
    expect(services.calls.completed).toBe(1);
    expect(services.calls.sounds).toContain('gameOver');

    const replayed = replay('flow-seed-7', flow.gameLog);
    expect(replayed.ok && replayed.score).toBe(snap.result!.score);
  });

  it('ends 300 ms after running out again once the extra moves were used', async () => {
    const { flow } = await started({ seed: 'flow-seed-7' });
    await playUntilOutOfMoves(flow);
    await new Promise((r) => setTimeout(r, 320));
    flow.watchAd();
    flow.onTabVisible();
    for (let i = 0; i < EXTRA_MOVES; i++) {
      const move = slowMove(state(flow));
      await flow.trySwap(move.from, move.to);
    }
    expect(state(flow).status).toBe('ended');
    expect(flow.getSnapshot().phase).toBe('playing');
    await new Promise((r) => setTimeout(r, 320));
    expect(flow.getSnapshot().phase).toBe('over');
  });
});

describe('GameFlow: the end', () => {
  it("shows 'Game Over' with the final score and keeps the score on this device", async () => {
    const { flow, services } = await started({ seed: 'flow-seed-7' });
    const move = slowMove(state(flow));
    await flow.trySwap(move.from, move.to);
    flow.endByPlayer();
    const score = state(flow).score;
    expect(score).toBeGreaterThan(0);
    expect(services.calls.toasts.at(-1)).toEqual({
      title: 'Game Over',
      description: `Final score: ${score.toLocaleString('en-US')} - New high score!`,
    });
    expect(JSON.parse(localStorage.getItem(LOCAL_HIGH_SCORES_KEY)!)).toEqual([
      expect.objectContaining({ score, level: 1, playerName: 'Alice' }),
    ]);
  });

  it('drops the high-score suffix when the score is not a personal best', async () => {
    localStorage.setItem(
      LOCAL_HIGH_SCORES_KEY,
      JSON.stringify([{ score: 99999, level: 9, playerName: 'x', date: '2025-01-01' }]),
    );
    const { flow, services } = await started({ seed: 'flow-seed-7' });
    const move = slowMove(state(flow));
    await flow.trySwap(move.from, move.to);
    flow.endByPlayer();
    expect(services.calls.toasts.at(-1)?.description).toBe(
      `Final score: ${state(flow).score.toLocaleString('en-US')}`,
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
  function levelUpSeed(): {
    seed: string;
    moves: Array<{ from: { x: number; y: number }; to: { x: number; y: number } }>;
  } {
    for (let n = 0; n < 500; n++) {
      const seed = `level-up-${n}`;
      let game = createGame(seed);
      const moves = [];
      for (let i = 0; i < 10 && game.status === 'active'; i++) {
        let best: {
          move: { from: { x: number; y: number }; to: { x: number; y: number } };
          got: number;
        } | null = null;
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

  it('shows the level as complete, then the new level 1 s later', async () => {
    const { seed, moves } = levelUpSeed();
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { flow, services } = await started({ seed });
    for (const move of moves) await flow.trySwap(move.from, move.to);
    const snap = flow.getSnapshot();
    expect(state(flow).level.currentLevel).toBe(2);
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
